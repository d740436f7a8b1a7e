import { useCallback, useState } from 'react';
import { WIDGET_KEYS, clampHeight, clampWidth, type EmbedParams } from '@vuxo/shared';
import { widgetStorage } from '../api/widget-storage';

export interface PanelSize {
  width: number;
  height: number;
}

function storedSize(id: string | null, params: EmbedParams): PanelSize {
  if (!id || params.isAlways) return { width: params.width, height: params.height };
  const width = Number(widgetStorage.get(WIDGET_KEYS.width(id)));
  const height = Number(widgetStorage.get(WIDGET_KEYS.height(id)));
  return {
    width: width > 0 ? clampWidth(width) : params.width,
    height: height > 0 ? clampHeight(height) : params.height,
  };
}

/**
 * The panel's size (specification, sections 2.9 and 4): from the query (clamped), or the size the visitor
 * last chose, kept in chatWidth_{id} and chatHeight_{id} unless isAlways. Resizing is clamped to 300-800
 * wide and 400-800 high.
 */
export function usePanelSize(id: string | null, params: EmbedParams) {
  const [size, setSize] = useState<PanelSize>(() => storedSize(id, params));

  const resize = useCallback((width: number, height: number) => {
    setSize({ width: clampWidth(width), height: clampHeight(height) });
  }, []);

  /** Keeps the current size for the next visit (called when a drag ends). */
  const persist = useCallback(
    (next: PanelSize) => {
      if (!id || params.isAlways) return;
      widgetStorage.set(WIDGET_KEYS.width(id), String(clampWidth(next.width)));
      widgetStorage.set(WIDGET_KEYS.height(id), String(clampHeight(next.height)));
    },
    [id, params.isAlways],
  );

  return { size, resize, persist };
}
