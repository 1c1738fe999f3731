export { pdf, png } from '../../../tools/e2e/support/files';
