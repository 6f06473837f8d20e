-- A required two-factor set-up at sign-in also needs a code e-mailed to the address on file.
ALTER TYPE "public"."code_purpose" ADD VALUE 'two_factor_setup';