/** Where a password recovery link lands (the reset screen); also the route's path. */
export const resetPasswordPath = '/auth/reset';
