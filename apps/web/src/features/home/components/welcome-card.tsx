import { useTranslation } from 'react-i18next';

/** The greeting and the welcome message at the top of the home screen. */
export function WelcomeCard({ nickname }: { nickname: string | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="welcome-card" aria-labelledby="home-greeting">
      <h2 id="home-greeting" className="welcome-card-greeting">
        {t('home.greeting', { name: nickname?.trim() || t('home.guest') })}
      </h2>
      <p className="welcome-card-title">{t('home.welcomeTitle')}</p>
      <p className="welcome-card-body">{t('home.welcomeBody')}</p>
    </section>
  );
}
