import { describe, expect, it } from 'vitest';
import { suggestProjectName } from '../../app/lib/project-name-suggestion';

describe('the project name suggested from a landing idea', () => {
  it.each([
    ['I want to help small dental clinics stop losing patients to no-shows', 'Small dental clinics'],
    ['A booking app for dog groomers', 'Booking app for dog groomers'],
    ['I want to build a CRM for freelance photographers that syncs with Instagram', 'CRM for freelance photographers'],
    ['Uber for dog walkers', 'Uber for dog walkers'],
    ['Help me create a tool to track invoices for freelancers.', 'Invoices for freelancers'],
    ['Bookkeeping automation for independent restaurants in Europe', 'Bookkeeping automation'],
    ['Help me check an idea: a bike marketplace. Ref lane1', 'Bike marketplace'],
    ['I want to build a booking assistant for dental clinics. Ref lane2', 'Booking assistant for dental clinics'],
  ])('%s → %s', (idea, name) => {
    expect(suggestProjectName(idea)).toBe(name);
  });

  it('is a short name, never the idea cut at a limit', () => {
    const idea = 'I want to help independent veterinary practices in rural areas reduce the number of appointments that patients miss without calling ahead';
    const name = suggestProjectName(idea);
    expect(name.split(' ').length).toBeLessThanOrEqual(7);
    expect(name.length).toBeLessThanOrEqual(40);
    expect(name).toBe('Independent veterinary practices');
  });

  it('suggests nothing from an idea that names nothing', () => {
    expect(suggestProjectName('An app')).toBe('');
  });
});
