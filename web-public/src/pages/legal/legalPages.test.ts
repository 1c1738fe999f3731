import { describe, expect, it } from 'vitest';
import { fillResidence } from './legalPages';

describe('fillResidence', () => {
  const residence = { name: 'Haus am Fluss', address: 'Uferweg 1, 12345 Musterstadt', email: 'haus@fluss.example', phone: '+49 30 123 456' };

  it('fills in the name, address and contact of the catalog, every time they appear', () => {
    expect(fillResidence('{{name}}, {{address}}. Kontakt: {{email}}, Telefon {{phone}}; {{name}}', residence)).toBe(
      'Haus am Fluss, Uferweg 1, 12345 Musterstadt. Kontakt: haus@fluss.example, Telefon +49 30 123 456; Haus am Fluss',
    );
  });

  it('leaves other placeholders as they are', () => {
    expect(fillResidence('{{owner}} {{ name }}', residence)).toBe('{{owner}} {{ name }}');
  });
});
