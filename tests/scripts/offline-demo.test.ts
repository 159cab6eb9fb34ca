import { describe, expect, it } from 'vitest';
import { UserPersonaSchema } from '#contracts/free-tools';
import { offlinePersonaFor } from '../../worker/services/offline-demo';

describe('the offline demo persona', () => {
  it("fits the product's field, and never quotes the description back", () => {
    const description = 'An app that helps physiotherapy patients do their home exercises';
    const persona = offlinePersonaFor(description);
    expect(persona.occupation).toMatch(/physiotherap/i);
    expect(JSON.stringify(persona)).not.toContain(description);
    expect(offlinePersonaFor('A course that teaches coding to adults').occupation).toMatch(/code/i);
    expect(offlinePersonaFor('Inventory for small restaurants').occupation).toMatch(/restaurant/i);
    expect(offlinePersonaFor('Something nobody has words for').occupation).toBe('Operations lead at a 20-person company');
  });

  it('keeps every canned persona inside the contract the model is held to', () => {
    for (const description of ['physio', 'coding course', 'restaurant', 'online shop', 'anything else']) {
      expect(UserPersonaSchema.safeParse(offlinePersonaFor(description)).success).toBe(true);
    }
  });
});
