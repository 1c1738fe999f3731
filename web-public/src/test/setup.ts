import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

import '../../../tools/webtest/jsdom';

// The forms are chunks of their own: their first import (antd) takes seconds on a slow machine and can
// delay the next test's screen too; findBy*/waitFor wait up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
