import { useState } from 'react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CodeMode } from '../../utils/two-factor-code';
import { CodeField } from './code-field';

function Field({ mode }: { mode: CodeMode }) {
  const [value, setValue] = useState('');
  return (
    <AppRoot>
      <CodeField mode={mode} label="Code" value={value} onChange={setValue} error={null} />
    </AppRoot>
  );
}

const field = () => screen.getByLabelText('Code') as HTMLInputElement;
const type = (value: string) => fireEvent.input(field(), { target: { value } });

describe('the verification code field', () => {
  it('takes a rejected character back out even when the code it keeps has not changed', () => {
    render(<Field mode="totp" />);
    type('12a');
    expect(field().value).toBe('12');
    // '12' again: no new state, and the letter must still not stay in the field.
    type('12b');
    expect(field().value).toBe('12');
    type('123456');
    type('1234567');
    expect(field().value).toBe('123456');
  });

  it('keeps a backup code upper-cased, with letters, digits and dashes only', () => {
    render(<Field mode="backup" />);
    type('abcd-ef');
    expect(field().value).toBe('ABCD-EF');
    type('ABCD-EF!');
    expect(field().value).toBe('ABCD-EF');
  });
});
