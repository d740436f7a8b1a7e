import { describe, expect, it } from 'vitest';
import {
  displayName,
  initialOf,
  isChatReady,
  isInProgress,
  progressOf,
  statusLabel,
} from '../../src/features/dashboard/bot-status';

describe('bot status rules', () => {
  it('labels cag_generated Ready, pending_cag Processing, configuring Configuring, others raw or Unknown', () => {
    expect(statusLabel('cag_generated')).toBe('Ready');
    expect(statusLabel('pending_cag')).toBe('Processing');
    expect(statusLabel('configuring')).toBe('Configuring');
    expect(statusLabel('active')).toBe('active');
    expect(statusLabel('error')).toBe('error');
    expect(statusLabel('')).toBe('Unknown');
    expect(statusLabel(undefined)).toBe('Unknown');
  });

  it('is chat-ready when active or cag_generated only', () => {
    expect(['active', 'cag_generated'].every(isChatReady)).toBe(true);
    expect(['configuring', 'pending_cag', 'error', 'deleted', 'x'].some(isChatReady)).toBe(false);
  });

  it('is in progress when pending_cag or configuring, with progress 30, 70, else 100', () => {
    expect(isInProgress('pending_cag')).toBe(true);
    expect(isInProgress('configuring')).toBe(true);
    expect(isInProgress('cag_generated')).toBe(false);
    expect(progressOf('pending_cag')).toBe(30);
    expect(progressOf('configuring')).toBe(70);
    expect(progressOf('cag_generated')).toBe(100);
    expect(progressOf('error')).toBe(100);
  });

  it("shows a missing name as 'Bot' plus the first 6 characters of the id, and the uppercase initial", () => {
    expect(displayName({ botId: 'bot_abcdef123', botName: '' })).toBe('Bot bot_ab');
    expect(displayName({ botId: 'bot_abcdef123', botName: 'harbour' })).toBe('harbour');
    expect(initialOf('harbour')).toBe('H');
  });
});
