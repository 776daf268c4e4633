import { describe, expect, it } from 'vitest';
import { practiceChoiceAfter } from './practice-choice.ts';

describe('the practice choice after the workspace dialog', () => {
  it('is "Try without saving" once chosen, whatever came before', () => {
    expect(practiceChoiceAfter(null, 'tried')).toBe('tried');
    expect(practiceChoiceAfter('closed', 'tried')).toBe('tried');
  });

  it('is practice for this page load when the dialog is closed without a choice', () => {
    expect(practiceChoiceAfter(null, 'closed')).toBe('closed');
  });

  it('keeps an earlier "Try without saving" when the dialog, opened again, is just closed', () => {
    expect(practiceChoiceAfter('tried', 'closed')).toBe('tried');
  });

  it('is left as it is by a workspace chosen (opening the workspace forgets it)', () => {
    expect(practiceChoiceAfter(null, 'workspace')).toBeNull();
    expect(practiceChoiceAfter('closed', 'workspace')).toBe('closed');
    expect(practiceChoiceAfter('tried', 'workspace')).toBe('tried');
  });
});
