/** How wide the carousel is shown (app.css: .pictures, at most 640 px): the browser picks the size. */
export const PICTURE_SIZES = '(max-width: 672px) calc(100vw - 32px), 640px';
