import { pdf, png } from '../../../tools/e2e/support/files';

export { pdf, png };

export const identityFront = () => ({ name: 'ausweis-vorne.png', mimeType: 'image/png', buffer: png(800, 500) });
export const identityBack = () => ({ name: 'ausweis-hinten.png', mimeType: 'image/png', buffer: png(800, 500) });
export const certificate = () => ({ name: 'immatrikulation.pdf', mimeType: 'application/pdf', buffer: pdf() });
