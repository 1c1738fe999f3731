import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// antd's responsive helpers need matchMedia, which jsdom does not have.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd measures scroll bars through getComputedStyle with pseudo elements, which jsdom does not implement.
const getComputedStyle = window.getComputedStyle;
window.getComputedStyle = (elt: Element) => getComputedStyle(elt);

afterEach(() => cleanup());

// antd's Select and Table observe sizes; jsdom has no ResizeObserver.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
