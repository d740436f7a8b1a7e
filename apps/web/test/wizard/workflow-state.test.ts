import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { SESSION_KEYS } from '@vuxo/shared/storage-keys';
import {
  initialWorkflowState,
  useWorkflowState,
  workflowReducer,
} from '../../src/features/workflow/workflow-state';

describe('the workflow state', () => {
  it('starts at step 0 with a text bot and nothing chosen', () => {
    expect(initialWorkflowState).toEqual({
      currentStep: 0,
      user: null,
      selectedPlan: null,
      websiteUrl: '',
      uploadedDocs: [],
      chatbotType: 'text',
      selectedPhoneNumber: null,
      selectedVoice: null,
      isComplete: false,
    });
  });

  it("set user moves to step 1; the name defaults to 'User'", () => {
    const state = workflowReducer(initialWorkflowState, {
      type: 'setUser',
      user: { id: 'u1', email: 'a@example.com', name: null },
    });
    expect(state.user).toEqual({ id: 'u1', email: 'a@example.com', name: 'User' });
    expect(state.currentStep).toBe(1);
  });

  it('select plan resets the bot type, clears phone number and voice, and moves to step 2', () => {
    const before = {
      ...initialWorkflowState,
      chatbotType: 'phone' as const,
      selectedPhoneNumber: '+1 416 555 0100',
      selectedVoice: 'aria',
    };
    expect(workflowReducer(before, { type: 'selectPlan', plan: 'pro' })).toMatchObject({
      selectedPlan: 'pro',
      chatbotType: 'text',
      selectedPhoneNumber: null,
      selectedVoice: null,
      currentStep: 2,
    });
  });

  it('merges personalisation data, steps forward and back (never below 0), completes', () => {
    let state = workflowReducer(initialWorkflowState, {
      type: 'mergePersonalization',
      data: { websiteUrl: 'https://example.com', uploadedDocs: ['menu.pdf'] },
    });
    expect(state).toMatchObject({ websiteUrl: 'https://example.com', uploadedDocs: ['menu.pdf'] });
    state = workflowReducer(state, { type: 'previousStep' });
    expect(state.currentStep).toBe(0);
    state = workflowReducer(workflowReducer(state, { type: 'nextStep' }), { type: 'complete' });
    expect(state).toMatchObject({ isComplete: true, currentStep: 2 });
    expect(workflowReducer(state, { type: 'reset' })).toEqual(initialWorkflowState);
  });

  it('reset clears the stored sessionId and activeDocId', () => {
    sessionStorage.setItem(SESSION_KEYS.sessionId, 'session_abcdefghijklmnop');
    sessionStorage.setItem(SESSION_KEYS.activeDocId, 'bot_1');
    const { result } = renderHook(() => useWorkflowState());
    act(() => result.current.nextStep());
    expect(result.current.state.currentStep).toBe(1);
    act(() => result.current.reset());
    expect(result.current.state).toEqual(initialWorkflowState);
    expect(sessionStorage.getItem(SESSION_KEYS.sessionId)).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEYS.activeDocId)).toBeNull();
  });
});
