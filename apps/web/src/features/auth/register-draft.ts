/**
 * What the user typed into the register form, kept in memory while they read the agreement (the
 * form unmounts when they leave it). Never written to storage; cleared after registering.
 */
export interface RegisterDraft {
  phone: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
}

const emptyDraft: RegisterDraft = { phone: '', password: '', confirmPassword: '', inviteCode: '' };

const draft = { values: emptyDraft };

export function readRegisterDraft(): RegisterDraft {
  return draft.values;
}

export function saveRegisterDraft(values: RegisterDraft): void {
  draft.values = { ...values };
}

export function clearRegisterDraft(): void {
  draft.values = emptyDraft;
}
