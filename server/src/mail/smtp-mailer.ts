import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer';

/** The SMTP library loads with the first mail: a server that sends none does not hold it (issue 48, idle memory). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | null = null;
  return {
    async send(message) {
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(smtpUrl));
      const smtp = await transport;
      await smtp.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
