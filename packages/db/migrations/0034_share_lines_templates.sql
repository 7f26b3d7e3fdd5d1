-- The launch share lines said "30 seconds" and "called both" whatever the race and the player's picks were. The
-- share now fills {call} (what the player called), {seconds} (the race's real length) and {link}; lines with numbers
-- of their own are not served. Only the rows still holding the launch text are rewritten, so an operator's edit stays.
UPDATE "game_share_messages" SET "text" = CASE "text"
  WHEN 'Two coins, 30 seconds, and I called both. Race me on OJO Arena: {link} $OJO'
    THEN '{call} in a {seconds}-second coin race. Race me on OJO Arena: {link}'
  WHEN 'Won the coin race in 30 seconds flat. Think you can read the market faster? {link} $OJO'
    THEN '{seconds} seconds of racing: {call}. Think you can read the market faster? {link}'
  WHEN 'My coins crossed the line first and the pool is mine. Your turn: {link} $OJO'
    THEN '{call} and took a share of the pool. Your turn: {link}'
  WHEN 'The market outran me this time, 30 seconds of racing and no regrets. Rematch? {link} $OJO'
    THEN 'The market outran me this time: {call}. No regrets, rematch? {link}'
  WHEN 'Wrong coins this round. 30 seconds to the next race, join me: {link} $OJO'
    THEN 'Wrong coins this round: {call}. The next race starts soon, join me: {link}'
  WHEN 'Not my race today, but the next one starts soon. Race me: {link} $OJO'
    THEN 'Not my race today: {call}. Race me: {link}'
  ELSE "text"
END;
