import type { RouteObject } from 'react-router';

// The screens outside the marketing, help and legal pages: routes.tsx adds them to the route
// table the first time the browser goes to one (patchRoutesOnNavigation), so the landing page
// does not carry them.

/**
 * Paths of the route table (02-tools §2.1) whose screens are not built yet. They are
 * registered so the table is complete, and show the not-found screen until their
 * feature lands; replace an entry with the real route module when it does.
 */
export const PENDING_PATHS = [] as const;

const payments = (name: 'PaymentRoute' | 'PaymentSuccessRoute' | 'PaymentCanceledRoute' | 'PaymentDashboardRoute') => async () => ({
  Component: (await import('./routes/payments.tsx'))[name],
});

const billUpload = async () => ({
  Component: (await import('./routes/bill-upload.tsx')).BillUploadPage,
});
const dashboard = async () => ({ Component: (await import('./routes/dashboard.tsx')).DashboardPage });
const rebates = async () => ({ Component: (await import('@/features/rebates/components/rebates-page.tsx')).RebatesPage });
const applications = async () => ({
  Component: (await import('@/features/rebates/components/applications-page.tsx')).ApplicationsPage,
});
const assistant = async () => ({
  Component: (await import('@/features/assistant/components/assistant-page.tsx')).AssistantPage,
});
const roiCalculator = async () => ({
  Component: (await import('@/features/calculators/components/roi-calculator-page.tsx')).RoiCalculatorPage,
});
const gamification = async () => ({ Component: (await import('./routes/gamification.tsx')).GamificationRoute });
const smartDashboard = async () => ({ Component: (await import('./routes/smart-dashboard.tsx')).SmartDashboardRoute });
const regionalSavings = async () => ({
  Component: (await import('@/features/calculators/components/regional-savings-page.tsx')).RegionalSavingsPage,
});
const smartHome = async () => ({ Component: (await import('./routes/smart-home.tsx')).SmartHomeRoute });
const meterData = async () => ({ Component: (await import('@/features/meter-data/components/meter-data-page.tsx')).MeterDataPage });
const iotDashboard = async () => ({ Component: (await import('@/features/iot/components/iot-page.tsx')).IotPage });
const settings = async () => ({ Component: (await import('./routes/settings.tsx')).SettingsPage });
const notifications = async () => ({ Component: (await import('./routes/notifications.tsx')).NotificationsPage });
const contact = async () => ({ Component: (await import('./routes/contact.tsx')).ContactPage });
const support = async () => ({ Component: (await import('./routes/support.tsx')).SupportPage });
const calendarScheduling = async () => ({ Component: (await import('./routes/calendar-scheduling.tsx')).CalendarSchedulingPage });
const emailTest = async () => ({ Component: (await import('./routes/email-test.tsx')).EmailTestPage });
const unsubscribe = async () => ({ Component: (await import('./routes/unsubscribe.tsx')).UnsubscribePage });
const admin = async () => ({ Component: (await import('./routes/admin.tsx')).AdminPage });
const billSearch = async () => ({ Component: (await import('@/features/search/components/bill-search-page.tsx')).BillSearchPage });
const feedbackAnalysis = async () => ({ Component: (await import('./routes/feedback-analysis.tsx')).FeedbackAnalysisPage });
const mlAnalytics = async () => ({ Component: (await import('@/features/ml-analytics/components/ml-analytics-page.tsx')).MlAnalyticsPage });
const backendStatus = async () => ({ Component: (await import('@/features/platform-status/components/backend-status-page.tsx')).BackendStatusPage });
const platformDashboard = async () => ({ Component: (await import('./routes/platform.tsx')).PlatformDashboardPage });
const assessmentDiagnostic = async () => ({ Component: (await import('./routes/platform.tsx')).AssessmentDiagnosticPage });
const databaseStatus = async () => ({ Component: (await import('./routes/platform.tsx')).DatabaseStatusPage });
const verificationDashboard = async () => ({ Component: (await import('./routes/admin.tsx')).VerificationDashboardPage });
const billDetail = async () => ({
  Component: (await import('./routes/bill-detail.tsx')).BillDetailPage,
});

const notFound = async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute });

export const appRoutes: RouteObject[] = [
  {
    path: '/auth/callback',
    lazy: async () => ({ Component: (await import('./routes/auth-callback.tsx')).AuthCallbackRoute }),
  },
  {
    path: '/auth/reset-password',
    lazy: async () => ({ Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute }),
  },
  { path: '/bill-upload', lazy: billUpload },
  { path: '/payment', lazy: payments('PaymentRoute') },
  { path: '/payment-success', lazy: payments('PaymentSuccessRoute') },
  { path: '/payment-canceled', lazy: payments('PaymentCanceledRoute') },
  { path: '/payment-dashboard', lazy: payments('PaymentDashboardRoute') },
  { path: '/pay', lazy: billUpload },
  { path: '/upload', lazy: billUpload },
  { path: '/dashboard', lazy: dashboard },
  { path: '/dashboard/bills/:billId', lazy: billDetail },
  { path: '/rebates', lazy: rebates },
  { path: '/applications', lazy: applications },
  // The page is the assistant: the floating bubble would only cover its own Send button.
  { path: '/ai-assistant', lazy: assistant, handle: { ownAssistant: true } },
  { path: '/roi-calculator', lazy: roiCalculator },
  { path: '/regional-savings', lazy: regionalSavings },
  { path: '/gamification', lazy: gamification },
  { path: '/smart-dashboard', lazy: smartDashboard },
  { path: '/smart-home', lazy: smartHome },
  { path: '/iot-dashboard', lazy: iotDashboard },
  { path: '/meter-data', lazy: meterData },
  { path: '/notifications', lazy: notifications },
  { path: '/settings', lazy: settings },
  { path: '/contact', lazy: contact },
  { path: '/support', lazy: support },
  { path: '/calendar-scheduling', lazy: calendarScheduling },
  { path: '/unsubscribe', lazy: unsubscribe },
  { path: '/email-test', lazy: emailTest },
  { path: '/admin', lazy: admin },
  { path: '/bill-search', lazy: billSearch },
  { path: '/feedback-analysis', lazy: feedbackAnalysis },
  { path: '/ml-analytics', lazy: mlAnalytics },
  { path: '/backend-status', lazy: backendStatus },
  { path: '/platform-dashboard', lazy: platformDashboard },
  { path: '/assessment-diagnostic', lazy: assessmentDiagnostic },
  { path: '/database-status', lazy: databaseStatus },
  { path: '/recaptcha-test', lazy: verificationDashboard },
  ...PENDING_PATHS.map((path): RouteObject => ({ path, lazy: notFound })),
];
