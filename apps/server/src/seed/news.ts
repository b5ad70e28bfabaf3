import type { NewsArticleBody, NewsCategory } from '@bourse/shared/schemas/news';
import { appendAudit } from '../platform/audit.ts';
import type { AppContext } from '../platform/context.ts';
import { createArticle, createFeed, resolveInstruments, setPublished } from '../domains/news/news.service.ts';

const HOUR_MS = 3_600_000;

interface DemoArticle {
  category: NewsCategory;
  /** How long before the seed it was published. */
  hoursAgo: number;
  instruments: string[];
  de: { title: string; summary: string; body: string };
  en: { title: string; summary: string; body: string };
}

/**
 * The demo's news: two articles per category in German and English (the other languages fall back
 * to German), Markdown bodies, several linking seeded shares; and one example feed, switched off
 * (the demo machine is offline).
 */
export const DEMO_NEWS: readonly DemoArticle[] = [
  {
    category: 'company',
    hoursAgo: 2,
    instruments: ['SAP'],
    de: {
      title: 'SAP hebt die Prognose für das Cloud-Geschäft an',
      summary: 'Der Softwarekonzern rechnet im laufenden Jahr mit kräftigerem Wachstum seiner Cloud-Erlöse.',
      body: 'Die **Cloud-Erlöse** stiegen im Quartal deutlich. Der Vorstand erwartet nun:\n\n- mehr Umsatz mit Cloud-Diensten\n- eine höhere operative Marge\n\nDie Aktie legte im frühen Handel zu.',
    },
    en: {
      title: 'SAP raises its cloud outlook',
      summary: 'The software group now expects stronger growth in cloud revenue this year.',
      body: '**Cloud revenue** rose markedly in the quarter. The board now expects:\n\n- more revenue from cloud services\n- a higher operating margin\n\nThe shares gained in early trading.',
    },
  },
  {
    category: 'company',
    hoursAgo: 20,
    instruments: ['DTE', 'ALV'],
    de: {
      title: 'Telekom und Allianz erhöhen die Dividende',
      summary: 'Beide Konzerne wollen ihre Aktionäre stärker am Gewinn beteiligen.',
      body: 'Die Deutsche Telekom und die Allianz haben höhere Ausschüttungen angekündigt. Die Hauptversammlungen entscheiden im Frühjahr.',
    },
    en: {
      title: 'Deutsche Telekom and Allianz raise their dividends',
      summary: 'Both groups plan to give shareholders a larger share of profits.',
      body: 'Deutsche Telekom and Allianz announced higher payouts. The annual general meetings decide in spring.',
    },
  },
  {
    category: 'domestic',
    hoursAgo: 5,
    instruments: [],
    de: {
      title: 'Ifo-Geschäftsklima hellt sich auf',
      summary: 'Die Stimmung in der deutschen Wirtschaft hat sich den zweiten Monat in Folge verbessert.',
      body: 'Vor allem die **Industrie** blickt zuversichtlicher auf die kommenden Monate. Dienstleister bewerten ihre Lage unverändert.',
    },
    en: {
      title: 'Ifo business climate brightens',
      summary: 'Sentiment in the German economy improved for the second month running.',
      body: '**Manufacturers** in particular are more confident about the coming months. Service providers rate their situation unchanged.',
    },
  },
  {
    category: 'domestic',
    hoursAgo: 30,
    instruments: ['SIE'],
    de: {
      title: 'Auftragseingang der Industrie steigt',
      summary: 'Großaufträge im Maschinenbau treiben die Bestellungen nach oben.',
      body: 'Die Bestellungen legten im Vormonat zu. Siemens meldete mehrere Großprojekte im Bereich Infrastruktur.',
    },
    en: {
      title: 'Industrial orders rise',
      summary: 'Large engineering contracts lift new orders.',
      body: 'Orders rose in the previous month. Siemens reported several large infrastructure projects.',
    },
  },
  {
    category: 'foreign',
    hoursAgo: 8,
    instruments: ['AAPL', 'MSFT'],
    de: {
      title: 'US-Arbeitsmarkt bleibt robust',
      summary: 'Die Zahl der neuen Stellen übertraf die Erwartungen der Volkswirte.',
      body: 'Der Arbeitsmarkt in den USA zeigt sich weiter stabil. Technologiewerte wie Apple und Microsoft profitierten an der Wall Street.',
    },
    en: {
      title: 'US labour market stays robust',
      summary: 'New jobs beat economists’ expectations.',
      body: 'The US labour market remains stable. Technology shares such as Apple and Microsoft gained on Wall Street.',
    },
  },
  {
    category: 'foreign',
    hoursAgo: 40,
    instruments: ['600519'],
    de: {
      title: 'China meldet stärkeren Konsum',
      summary: 'Die Einzelhandelsumsätze stiegen schneller als erwartet.',
      body: 'Vor allem Konsumgüter waren gefragt. Die Börsen in Shanghai und Shenzhen schlossen fester.',
    },
    en: {
      title: 'China reports stronger consumption',
      summary: 'Retail sales grew faster than expected.',
      body: 'Consumer goods were in particular demand. The Shanghai and Shenzhen exchanges closed higher.',
    },
  },
  {
    category: 'important',
    hoursAgo: 1,
    instruments: [],
    de: {
      title: 'EZB belässt den Leitzins unverändert',
      summary: 'Die Europäische Zentralbank hält an ihrem geldpolitischen Kurs fest.',
      body: 'Der Rat der EZB hat die **Leitzinsen** nicht verändert. Die nächste Sitzung folgt in sechs Wochen.',
    },
    en: {
      title: 'ECB leaves its key rate unchanged',
      summary: 'The European Central Bank keeps its monetary policy course.',
      body: 'The ECB Governing Council left its **key rates** unchanged. The next meeting follows in six weeks.',
    },
  },
  {
    category: 'important',
    hoursAgo: 26,
    instruments: [],
    de: {
      title: 'Verkürzter Handel am Heiligabend',
      summary: 'Am 24. Dezember endet der Handel früher.',
      body: 'Bitte beachten Sie die verkürzten Handelszeiten vor den Feiertagen. Aufträge, die bis zum Handelsschluss nicht ausgeführt sind, verfallen wie gewohnt.',
    },
    en: {
      title: 'Shortened trading on Christmas Eve',
      summary: 'Trading ends early on 24 December.',
      body: 'Please note the shortened trading hours before the holidays. Orders not filled by the close expire as usual.',
    },
  },
];

/** The example feed: a real public feed address, switched off (the demo machine is offline). */
export const DEMO_FEED_URL = 'https://www.ecb.europa.eu/rss/press.html';

export async function seedNews(ctx: AppContext, operator: { id: number; username: string }): Promise<void> {
  const nowMs = ctx.clock.nowMs();
  for (const item of DEMO_NEWS) {
    const instrumentIds = await resolveInstruments(ctx, item.instruments);
    const body: NewsArticleBody = {
      category: item.category,
      fallbackLang: 'de',
      translations: {
        de: { ...item.de, bodyFormat: 'markdown' },
        en: { ...item.en, bodyFormat: 'markdown' },
      },
      instruments: item.instruments,
    };
    const publishedAt = nowMs - item.hoursAgo * HOUR_MS;
    await ctx.database.transaction(async (trx) => {
      const id = await createArticle(trx, { body, instrumentIds, operatorId: operator.id, nowMs: publishedAt });
      await setPublished(trx, id, true, publishedAt);
      for (const action of ['news.create', 'news.publish']) {
        await appendAudit(trx, {
          operatorId: operator.id,
          operatorUsername: operator.username,
          action,
          target: `news:${id}`,
          details: { demo: true },
          ip: null,
          atMs: nowMs,
        });
      }
    });
  }
  await ctx.database.transaction(async (trx) => {
    const feed = await createFeed(
      trx,
      { url: DEMO_FEED_URL, category: 'important', lang: 'en', enabled: false },
      nowMs,
    );
    await appendAudit(trx, {
      operatorId: operator.id,
      operatorUsername: operator.username,
      action: 'news.feed.create',
      target: `news-feed:${feed.id}`,
      details: { demo: true, enabled: false },
      ip: null,
      atMs: nowMs,
    });
  });
}
