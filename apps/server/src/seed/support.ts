import type { AppContext } from '../platform/context.ts';
import { seedDemoSupport } from '../domains/support/support.service.ts';

/** The demo investor's open question to customer service and the operator's answer (in German, the default). */
export const DEMO_SUPPORT_QUESTION = 'Hallo, wann wird meine Einzahlung gutgeschrieben?';
export const DEMO_SUPPORT_ANSWER =
  'Guten Tag! Einzahlungen über den Zahlungsdienst werden gutgeschrieben, sobald er die Zahlung bestätigt – meist innerhalb weniger Minuten. Ihr Guthaben sehen Sie unter „Vermögen“.';

/** Canned replies in German and English; the other languages fall back to German. */
const DEMO_CANNED = [
  {
    de: { title: 'Begrüßung', text: 'Guten Tag, vielen Dank für Ihre Nachricht. Wie kann ich Ihnen helfen?' },
    en: { title: 'Greeting', text: 'Hello, thank you for your message. How can I help you?' },
  },
  {
    de: {
      title: 'Identitätsprüfung',
      text: 'Ihre Unterlagen zur Identitätsprüfung sind eingegangen. Wir prüfen sie in der Regel innerhalb eines Werktags.',
    },
    en: {
      title: 'Identity check',
      text: 'We have received your identity documents. We usually review them within one business day.',
    },
  },
  {
    de: {
      title: 'Auszahlung',
      text: 'Auszahlungen werden an Werktagen bearbeitet und auf Ihre hinterlegte Karte überwiesen.',
    },
    en: { title: 'Withdrawal', text: 'Withdrawals are processed on business days and paid to the card on file.' },
  },
];

/** Seeds customer service for the demo: canned replies and the demo investor's open conversation. */
export async function seedSupport(
  ctx: AppContext,
  input: { investorPhone: string; operatorId: number },
): Promise<void> {
  const investor = await ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', input.investorPhone)
    .executeTakeFirstOrThrow();
  await seedDemoSupport(ctx, {
    userId: Number(investor.id),
    operatorId: input.operatorId,
    question: DEMO_SUPPORT_QUESTION,
    answer: DEMO_SUPPORT_ANSWER,
    canned: DEMO_CANNED,
  });
}
