// The reference for the status benchmark: a bare Express app answering a JSON body of the same
// size as GET /api/mining/status, with no middleware, auth or database. Run as its own process
// (like the server under test); prints its URL on stdout.
import express from 'express';

const body = {
  success: true,
  isMining: true,
  canClaim: false,
  timeRemaining: 12_345,
  progress: 0.25,
  cycleEndsAt: new Date().toISOString(),
  userData: {
    zp_balance: 150,
    social_capital_score: 0,
    daily_streak_count: 1,
    mining_session_start_time: new Date().toISOString(),
  },
  appSettings: { MINING_CYCLE_HOURS: 4, MINING_REWARD: 50 },
};

const app = express();
app.disable('x-powered-by');
app.get('/json', (_req, res) => {
  res.json(body);
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
