import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

import '../../../tools/webtest/jsdom';

// The forms are chunks of their own: their first import (antd) takes seconds on a slow machine and can
// delay the next test's screen too, the more so while other builds share the machine's cores (seen: 5 s
// were not enough for the first test of a file); findBy*/waitFor wait up to 15 s instead of 1 s, which
// costs nothing when the screen appears.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => cleanup());

// jsdom lays nothing out and has no scrollIntoView; alerts that take the focus call it (the scrolling
// itself is checked in the browser tests, e2e/trust.spec.ts).
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
