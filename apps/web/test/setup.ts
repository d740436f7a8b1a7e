import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A lazily loaded chunk (the request form, the sign-in SDK's stand-in) is transformed by the test runner on first
// import, which takes over the library's 1 s default on a loaded 2-core machine running several test files at once.
// Waiting longer changes nothing a test asserts, only how long a failing one takes to say so.
configure({ asyncUtilTimeout: 5_000 });

// The files of a worker share one page (vitest.config.ts): what a test rendered is taken down after it, whether or
// not its file says so.
afterEach(() => cleanup());
