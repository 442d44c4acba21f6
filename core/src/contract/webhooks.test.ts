import { describe, expect, it } from 'vitest';
import { webhookUrlProblemOf, webhookUrlRefusal, webhookUrlShapeProblem } from './webhooks.ts';

describe('webhook URLs', () => {
  it('accept absolute https:// URLs, and http:// only where private addresses are allowed', () => {
    expect(webhookUrlShapeProblem('https://hooks.example.com/fieldwatch?x=1', false)).toBeUndefined();
    expect(webhookUrlShapeProblem('http://hooks.example.com/', false)).toBe('scheme');
    expect(webhookUrlShapeProblem('http://127.0.0.1:8080/', true)).toBeUndefined();
    expect(webhookUrlShapeProblem('ftp://hooks.example.com/', true)).toBe('scheme');
    expect(webhookUrlShapeProblem('https://user:pw@hooks.example.com/', false)).toBe('credentials');
    expect(webhookUrlShapeProblem('hooks.example.com', false)).toBe('invalid');
    expect(webhookUrlShapeProblem(`https://example.com/${'x'.repeat(2048)}`, false)).toBe('invalid');
  });

  it('name the problem in the refusal, so that the web app words it', () => {
    expect(webhookUrlProblemOf(webhookUrlRefusal('private', '10.0.0.1 is internal'))).toBe('private');
    expect(webhookUrlProblemOf('webhook url nonsense: x')).toBeUndefined();
    expect(webhookUrlProblemOf('Webhook not found')).toBeUndefined();
  });
});
