import { create } from 'zustand';

/**
 * Whether the user has accepted the user agreement during this registration. Shared between the
 * register form (its checkbox) and the agreement screen (its Accept button); kept in memory only.
 */
interface AgreementConsentState {
  accepted: boolean;
  setAccepted: (accepted: boolean) => void;
}

export const useAgreementConsent = create<AgreementConsentState>()((set) => ({
  accepted: false,
  setAccepted: (accepted) => set({ accepted }),
}));
