// The API routes not yet declared through a contract in src/shared/contracts (issue 28, decision 019),
// by path. route-contracts.test.ts fails on a route missing here (a new route needs a contract) and on one
// listed here that no longer needs to be (remove it when its feature moves). Empty when issue 28 closes.
export const routesWithoutContract = ['POST /api/company/invoices/:id/pay', 'POST /api/company/payment-methods'];
