import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { registerErrorHandler, registerNotFound } from './error-handler';

async function appWithRoutes() {
  const logged: unknown[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerNotFound(app, false);
  app.post(
    '/api/things',
    {
      schema: {
        body: z.object({ name: z.string().min(2, 'Name needs 2 characters'), count: z.number().int() }),
      },
    },
    async (req) => ({ success: true, data: req.body, messages: [] }),
  );
  app.get('/api/conflict', async () => {
    throw new AppError('VERSION_CONFLICT', 'Someone else saved this first.');
  });
  app.get('/api/boom', async () => {
    throw new Error('secret internal detail');
  });
  await app.ready();
  return { app, logged };
}

describe('error handler', () => {
  it('answers a malformed JSON body with 400 in the envelope', async () => {
    const { app } = await appWithRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: null, error: { code: 'BAD_REQUEST' } });
    expect(res.json().messages[0]).toBe('The request body is not valid JSON.');
  });

  it('answers a zod validation failure with 400 and a message per field', async () => {
    const { app } = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/api/things', payload: { name: 'x', count: 1.5 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields.name).toBe('Name needs 2 characters');
    expect(body.error.fields.count).toBeTruthy();
    expect(body.messages).toContain('Name needs 2 characters');
  });

  it('maps an AppError code to its status', async () => {
    const { app } = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/api/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      messages: ['Someone else saved this first.'],
      error: { code: 'VERSION_CONFLICT', message: 'Someone else saved this first.' },
    });
  });

  it('answers an unexpected error with 500, no stack or detail, logged with the request id', async () => {
    const { app, logged } = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/api/boom', headers: { 'x-request-id': 'req-42' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('at ');
    expect(res.json().error.code).toBe('INTERNAL');
    expect(JSON.stringify(logged)).toContain('secret internal detail');
  });
});
