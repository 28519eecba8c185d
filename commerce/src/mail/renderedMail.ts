/** A mail ready to send: every renderer makes one, the mailer sends it. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
