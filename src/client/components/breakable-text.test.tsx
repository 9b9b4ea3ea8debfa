import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableText } from './breakable-text';

describe('BreakableText', () => {
  it('offers a break after each dot, underscore, slash and hyphen and before the @, and reads as the same text', () => {
    const { container } = render(
      <span>
        <BreakableText text="maren.holt@juniper.example" />
      </span>,
    );
    expect(container.textContent).toBe('maren.holt@juniper.example');
    expect(container.innerHTML).toBe('<span>maren.<wbr>holt<wbr>@juniper.<wbr>example</span>');

    const action = render(<BreakableText text="application.status_changed" />);
    expect(action.container.innerHTML).toBe('application.<wbr>status_<wbr>changed');

    const address = render(<BreakableText text="https://hooks.acme/tandem" />);
    expect(address.container.innerHTML).toBe('https:/<wbr>/<wbr>hooks.<wbr>acme/<wbr>tandem');

    // A hyphen before a digit is no break point to a browser: the id offers one.
    const id = render(<BreakableText text="company 554454e6-62db" />);
    expect(id.container.innerHTML).toBe('company 554454e6-<wbr>62db');
  });

  it('leaves text without break points alone', () => {
    const { container } = render(<BreakableText text="System" />);
    expect(container.innerHTML).toBe('System');
  });
});
