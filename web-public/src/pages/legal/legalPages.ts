import type { Residence } from '../../components/Residence/residence';

/** The legal pages of the booking site, at /legal/{page}; their texts are configuration (public/legal.json). */
export const LEGAL_PAGES = ['imprint', 'privacy', 'terms'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** One page's text in one language: a title and paragraphs, in which {{name}}, {{address}}, {{email}} and {{phone}} stand for the residence's. */
export interface LegalText {
  title: string;
  paragraphs: string[];
}

export type LegalTexts = Record<LegalPage, Record<'de' | 'en', LegalText>>;

/** Where the operator's texts are: a file served beside the app, replaced at deployment without a build. */
export const LEGAL_TEXTS_URL = '/legal.json';

export function isLegalPage(page: string | undefined): page is LegalPage {
  return (LEGAL_PAGES as readonly string[]).includes(page ?? '');
}

/** Fills the residence's name, address and contact into a configured text. */
export function fillResidence(text: string, residence: Residence): string {
  return text.replace(/\{\{(name|address|email|phone)\}\}/g, (_, key: keyof Residence) => residence[key]);
}
