import { useCallback, useMemo, useState } from 'react';
import { WIDGET_KEYS } from '@vuxo/shared/storage-keys';
import { clampHeight, clampWidth, type EmbedParams } from '@vuxo/shared/widget';
import { widgetStorage } from '../api/widget-storage';

export interface PanelSize {
  width: number;
  height: number;
}

function storedSize(botId: string | null, params: EmbedParams): PanelSize {
  if (!botId || params.isAlways) return { width: params.width, height: params.height };
  const width = Number(widgetStorage.get(WIDGET_KEYS.width(botId)));
  const height = Number(widgetStorage.get(WIDGET_KEYS.height(botId)));
  return {
    width: width > 0 ? clampWidth(width) : params.width,
    height: height > 0 ? clampHeight(height) : params.height,
  };
}

/**
 * The panel's size: from the query (clamped), or the size the visitor
 * last chose, kept in chatWidth_{botId} and chatHeight_{botId} unless isAlways (the bot's id, as its daily
 * count is kept, known once its info has loaded). Resizing is clamped to 300-800 wide and 400-800 high.
 */
export function usePanelSize(botId: string | null, params: EmbedParams) {
  const [chosen, setChosen] = useState<PanelSize | null>(null);
  const stored = useMemo(() => storedSize(botId, params), [botId, params]);

  const resize = useCallback((width: number, height: number) => {
    setChosen({ width: clampWidth(width), height: clampHeight(height) });
  }, []);

  /** Keeps the current size for the next visit (called when a drag ends). */
  const persist = useCallback(
    (next: PanelSize) => {
      if (!botId || params.isAlways) return;
      widgetStorage.set(WIDGET_KEYS.width(botId), String(clampWidth(next.width)));
      widgetStorage.set(WIDGET_KEYS.height(botId), String(clampHeight(next.height)));
    },
    [botId, params.isAlways],
  );

  return { size: chosen ?? stored, resize, persist };
}
