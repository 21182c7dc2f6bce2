/** The reasons the engine gives a post it could not publish (shown on the post and in notifications). */
export const UNCONFIRMED_AFTER_RESTART_MESSAGE =
  'Postloom restarted while this post was being published, so we could not confirm the result. Please check your account on the platform before retrying.';

export const ACCOUNT_DISCONNECTED_MESSAGE = 'Account disconnected';
