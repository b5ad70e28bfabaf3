import type { AppContext } from '../../platform/context.ts';
import { registerPortfolioContributor } from '../portfolio/portfolio.service.ts';
import { portfolioFigures } from './trading.service.ts';

/** Registers trading's part of the investor's figures: market value, floating P/L, unsettled proceeds. */
export function registerTradingPortfolio(ctx: AppContext): void {
  registerPortfolioContributor(ctx, {
    name: 'trading',
    async contribute(db, userId) {
      const figures = await portfolioFigures(ctx, db, userId);
      return {
        marketValueMinor: figures.marketValueMinor,
        floatingPnlMinor: figures.floatingPnlMinor,
        unsettledMinor: figures.unsettledProceedsMinor,
      };
    },
  });
}
