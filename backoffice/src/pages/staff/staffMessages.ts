import { defineMessages } from 'react-intl';

export const stm = defineMessages({
  roleFor: { id: 'backoffice.staff.roleFor', defaultMessage: 'Role of {email}' },
  changeRole: { id: 'backoffice.staff.changeRole', defaultMessage: 'Change the role' },
  changeRoleFor: { id: 'backoffice.staff.changeRoleFor', defaultMessage: 'Change the role of {email}' },
  roleChanged: {
    id: 'backoffice.staff.roleChanged',
    defaultMessage: '{email} is now {role}; their next action follows the new role.',
  },
  resetPassword: { id: 'backoffice.staff.resetPassword', defaultMessage: 'Reset password' },
  resetPasswordFor: { id: 'backoffice.staff.resetPasswordFor', defaultMessage: 'Reset the password of {email}' },
  resetDone: {
    id: 'backoffice.staff.resetDone',
    defaultMessage:
      '{email} is signed out and their old password no longer works. Give them this one-time link (valid until {expires}):',
  },
});
