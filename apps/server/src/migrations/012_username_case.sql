-- Usernames are unique regardless of case (issue 15): 'Alice' cannot be registered beside 'alice', so a sign-in,
-- a mail or an audit entry always names one person.
create unique index users_username_lower on users (lower(username));
