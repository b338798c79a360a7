/** Business constants and limits of SPEC §9 — the one place they are written down. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const TOAST_SECONDS = 2;

export const FEEDBACK_NAME_MAX = 30;
export const FEEDBACK_EMAIL_MAX = 100;
export const FEEDBACK_TEXT_MAX = 2000;
export const FEEDBACK_IMAGES_MAX = 5;
export const FEEDBACK_IMAGE_MAX_BYTES = 100 * 1024;
export const FEEDBACK_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_WARN_BYTES = 2 * 1024 * 1024;

/** A mainland mobile number has 11 digits (SPEC §5); an SMS code has 6. */
export const MOBILE_DIGITS = 11;
export const SMS_CODE_DIGITS = 6;

export const MOBILE_BREAKPOINT_PX = 992;
export const TIP_BAR_HEIGHT_PX = 40;
export const SIDEBAR_WIDTH_PX = 240;
export const NOTICE_DRAWER_WIDTH_PX = 400;
export const NOTICE_PAGE_SIZE = 100;

export const PERSONAL_NAME_MAX_CHARS = 7;
export const ENTERPRISE_NAME_MAX_CHARS = 13;

export const REFRESH_SPIN_MS = 1000;
export const GUIDE_TOUR_STEPS = 4;

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The two home pages a user may have (SPEC §2, `def_home_page`). */
export type HomePage = 'page1' | 'page2';

/** Notice read-state filter values: 2 all, 0 unread (the default). */
export const READ_STATE = { all: 2, unread: 0 } as const;
/** The manual app's id in notices: its newest notice triggers a list refresh in that app. */
export const MANUAL_APP_ID = 'A0001';

/** Management back-end form limits (the rbac and workbench contracts declare the same). */
export const ROLE_NAME_MAX = 30;
export const ROLE_DESCRIPTION_MAX = 100;
export const TENANT_NAME_MAX = 30;
export const TENANT_INDUSTRY_MAX = 50;
export const TENANT_DESCRIPTION_MAX = 2000;
export const CONTACT_NAME_MAX = 30;
/** Rows per page of the role list (the contract's default page size). */
export const ROLE_PAGE_SIZE = 10;
/** 我的反馈's list: rows per page (the server pages). */
export const MY_FEEDBACK_PAGE_SIZE = 10;

/** Longest invite link code the app passes on to the server (a URL of any browser carries it). */
export const INVITE_CODE_MAX_CHARS = 2048;
