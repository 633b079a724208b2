import { createRoute } from '@hono/zod-openapi';
import { myBillsInputsSchema, regionalSavingsSchema, savingsRequestSchema, savingsResponseSchema, stateRatesListSchema, weatherComparisonSchema } from '@wattwise/shared/contract/calculators';
import { createRouter, errorResponse as err, idParams, jsonBody, jsonResponse as json, unauthorizedResponse as unauthorized } from '../../http/openapi.ts';
import { type SignedIn, signedInUser } from '../../http/session.ts';
import type { Db } from '../../db/client.ts';
import { listStateRates, myBillInputs, runSavingsCalculator, weatherComparisonOfBill } from './calculators.service.ts';
import { createRegionalSavingsReader } from './regional-savings.ts';

/** The savings calculator is open to visitors (02-tools §6); 'Use my bills' and the bill comparison are the caller's. */
export function createCalculatorRoutes({ signedIn, db }: { signedIn: SignedIn; db: Db }) {
  const readRegionalSavings = createRegionalSavingsReader(db);
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/calculators/savings',
        tags: ['Calculators'],
        summary: 'Savings calculator: projections, peak/off-peak, environmental impact and 24 months, with the ZIP’s state rates',
        request: { body: jsonBody(savingsRequestSchema) },
        responses: { 200: json(savingsResponseSchema, 'Result'), 422: err('Invalid input (a ZIP code is required)') },
      }),
      (c) => c.json(runSavingsCalculator(c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/calculators/state-rates',
        tags: ['Calculators'],
        summary: 'Residential electricity and gas prices of every state (EIA), with their data years',
        responses: { 200: json(stateRatesListSchema, 'States') },
      }),
      (c) => c.json(listStateRates(), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/regional-savings',
        tags: ['Calculators'],
        summary: 'Regional savings: four regions from EIA data, or aggregate anonymised Wattwise figures where a region has at least 20 users',
        responses: { 200: json(regionalSavingsSchema, 'Regions') },
      }),
      // Aggregates over every user, published only as regional averages (never below 20 users).
      async (c) => c.json(await readRegionalSavings(), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/calculators/my-bills',
        middleware: [signedIn] as const,
        tags: ['Calculators'],
        summary: "'Use my bills': average monthly electric, gas and water bills of the caller's newest year of bills, and their ZIP",
        responses: { 200: json(myBillsInputsSchema, 'Inputs'), 401: unauthorized },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => myBillInputs(db, userId)), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/bills/{id}/weather-comparison',
        middleware: [signedIn] as const,
        tags: ['Calculators'],
        summary: 'How much of the change from the same bill last year is the weather (NOAA normals) and how much the household',
        request: { params: idParams },
        responses: { 200: json(weatherComparisonSchema, 'Comparison'), 401: unauthorized, 404: err("Not the caller's bill, or no such bill") },
      }),
      async (c) => c.json(await signedInUser(c).inScope((db, userId) => weatherComparisonOfBill(db, userId, c.req.valid('param').id)), 200),
    );
}
