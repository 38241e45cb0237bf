import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES } from '@ziver/shared';
import { findTemplate, matchTemplate } from './match-template';

describe('matchTemplate', () => {
  it('reads the file name back out of a spec message', () => {
    expect(matchTemplate(FEEDBACK_MESSAGES.fileTooLarge, 'File too large: my (1).png. Maximum size is 5MB.')).toEqual({
      file: 'my (1).png',
    });
    expect(matchTemplate(FEEDBACK_MESSAGES.fileTooLarge, 'File too large.')).toBeNull();
  });

  it('finds which template a server message came from', () => {
    expect(findTemplate(FEEDBACK_MESSAGES, 'Invalid file type: x.png. Only images are allowed.')).toEqual({
      key: 'invalidFileType',
      values: { file: 'x.png' },
    });
    expect(findTemplate(FEEDBACK_MESSAGES, FEEDBACK_MESSAGES.titleRequired)?.key).toBe('titleRequired');
    expect(findTemplate(FEEDBACK_MESSAGES, 'Something else')).toBeNull();
  });
});
