// antd reads window.matchMedia (responsive grid, Drawer, etc.), which jsdom does not implement.
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The forms are chunks of their own: their first import (antd) takes seconds on a slow machine and can
// delay the next test's screen too; findBy*/waitFor wait up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5_000 });

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

// jsdom lacks getComputedStyle for pseudo elements used by antd's scroll bar measurement.
const originalGetComputedStyle = window.getComputedStyle;
window.getComputedStyle = (elt: Element) => originalGetComputedStyle(elt);

afterEach(() => cleanup());

// antd's Dropdown and Menu measure themselves with ResizeObserver, which jsdom lacks.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
