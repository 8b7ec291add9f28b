import { closeSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeAll } from './standard-output.js';

describe('writing all of a text to a file descriptor', () => {
  it('fails with a message saying how much was written when the device is full (/dev/full), never silently', () => {
    const fd = openSync('/dev/full', 'w');
    try {
      expect(() => writeAll(fd, 'scenario text\n', 'stdout')).toThrow('cannot write to stdout: 0 of 14 bytes written (ENOSPC)');
    } finally {
      closeSync(fd);
    }
  });
});
