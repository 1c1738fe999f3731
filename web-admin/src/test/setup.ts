import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

import '../../../tools/webtest/jsdom';

afterEach(() => cleanup());
