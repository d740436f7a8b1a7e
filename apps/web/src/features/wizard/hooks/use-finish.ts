import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_MSG, WIZARD_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import { saveConfigRequestSchema, sessionIdSchema, type BotConfig } from '@vuxo/shared/schemas';
import { FINALIZE_BOT_ACTION } from '@vuxo/shared/wizard';
import { useAuth } from '../../auth';
import type { LoginState } from '../../auth';
import { saveConfig } from '../api/save-config';
import { uploadImage } from '../api/upload-image';
import type { BotCreationState } from '../state/bot-creation-state';
import { wizardDataOf, type FinalizeBotAction } from '../state/wizard-data';
import { rememberSavedBot } from '../state/wizard-session';
import type { WizardDispatch } from './use-bot-creation';

interface FinishDeps {
  dispatch: WizardDispatch;
  reset: () => void;
  showError: (message: string) => void;
  openLimitDialog: (maxBots: number | null) => void;
}

class FinishError extends Error {}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The configuration to save, checked with the server's schema; its first problem is the error. */
function configOf(state: BotCreationState, sessionId: string, tempImagePath: string | null): BotConfig {
  const parsed = saveConfigRequestSchema.safeParse({
    sessionId,
    botType: state.botType,
    botName: state.botName,
    welcomeMessage: state.welcomeMessage,
    chatbotTone: state.chatbotTone ?? undefined,
    documentName: state.document?.name ?? '',
    documentPath: state.filePath ?? '',
    creativityLevel: state.creativityLevel ?? undefined,
    tempImagePath,
    contactChoice: state.contactChoice,
    // Only the 'other' choice carries an address.
    ...(state.contactChoice === 'other' ? { contactEmail: state.contactEmail } : {}),
  });
  if (!parsed.success) throw new FinishError(WIZARD_MSG.setupFailed(parsed.error.issues[0]?.message ?? ''));
  return parsed.data;
}

/**
 * Finish: the avatar is uploaded if present, then, signed in, the
 * configuration is saved with a force-refreshed token and the wizard moves to step 6; signed out, the
 * user goes to /login carrying the wizard data, and the save runs by itself after sign-in.
 */
export function useFinish({ dispatch, reset, showError, openLimitDialog }: FinishDeps) {
  const { user, getIdToken } = useAuth();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const signedIn = Boolean(user?.emailVerified);

  const run = useCallback(
    async (state: BotCreationState) => {
      const sessionId = state.sessionId;
      if (!sessionId || !sessionIdSchema.safeParse(sessionId).success)
        throw new FinishError(WIZARD_MSG.invalidSession);

      let token: string | null = null;
      if (signedIn) {
        try {
          token = await getIdToken(true);
        } catch (error) {
          throw new FinishError(AUTH_MSG.wizardAuthError(messageOf(error)));
        }
      }

      let tempImagePath = state.tempImagePath;
      if (!tempImagePath && state.imageFile) {
        try {
          tempImagePath = await uploadImage({ image: state.imageFile, sessionId, token });
        } catch (error) {
          throw new FinishError(messageOf(error));
        }
        dispatch({ type: 'imageUploaded', tempImagePath });
      }
      const config = configOf(state, sessionId, tempImagePath);

      if (!signedIn || !token) {
        const postLoginAction: FinalizeBotAction = {
          type: FINALIZE_BOT_ACTION,
          wizardData: wizardDataOf(config, {
            documentSize: state.document?.size,
            imagePreview: state.imagePreview,
          }),
        };
        const loginState: LoginState = { redirectAfterLogin: ROUTES.wizard, postLoginAction };
        navigate(ROUTES.login, { replace: true, state: loginState });
        return;
      }

      const outcome = await saveConfig(config, token);
      switch (outcome.kind) {
        case 'saved':
          rememberSavedBot(outcome.botId);
          dispatch({ type: 'saved', botId: outcome.botId, botCount: outcome.botCount });
          return;
        case 'sessionExpired':
          showError(outcome.message);
          reset();
          navigate(ROUTES.wizard, { replace: true, state: null });
          return;
        case 'limitReached':
          openLimitDialog(outcome.maxBots);
          return;
        case 'failed':
          dispatch({ type: 'setupFailed', message: outcome.message });
          return;
      }
    },
    [signedIn, getIdToken, dispatch, navigate, showError, reset, openLimitDialog],
  );

  const finish = useCallback(
    async (state: BotCreationState) => {
      if (busy.current) return;
      busy.current = true;
      setSaving(true);
      try {
        await run(state);
      } catch (error) {
        const message =
          error instanceof FinishError ? error.message : WIZARD_MSG.setupFailed(messageOf(error));
        dispatch({ type: 'setupFailed', message });
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },
    [run, dispatch],
  );

  return { finish, saving };
}
