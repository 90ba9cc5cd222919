/** Field messages of spec section 5, shared by the forms and the server. */
export const VALIDATION = {
  emailInvalid: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  emailMax: 'Email must be less than 100 characters',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be less than 128 characters',
  passwordRequired: 'Password is required',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
  confirmRequired: 'Please confirm your password',
  passwordsMustMatch: 'Passwords must match',
  termsRequired: 'You must accept the terms and conditions',
  bioMax: 'Bio must be at most 160 characters',
  usernameRequired: 'Username is required',
  usernameMax: 'Username must be at most 50 characters',
  nameMax: 'Name must be at most 50 characters',
  connectionNameRequired: 'Connection name is required',
  connectionNameMax: 'Connection name must be at most 100 characters',
  environmentInvalid: 'Environment must be demo or live',
  photoType: 'Photo must be a JPG, JPEG or PNG image',
  photoSize: 'Photo must be at most 20 MB',
} as const;
