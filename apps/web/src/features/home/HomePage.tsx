import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { hasGroupAccess, MSG } from '@atlas/contracts';
import { SUPPORT_URL } from '../../app/links';
import { componentHref } from '../../app/views';
import { useSession } from '../../app/session';
import { NoGroupsNotice } from './NoGroupsNotice';
import { TOOL_CARDS, type ToolCard } from './toolCards';

/** The signed-in home page (spec 01 §1): greeting, development note, help contact and the allowed tool cards. */
export function HomePage() {
  const { user } = useSession();
  if (!user) return null;
  const cards = TOOL_CARDS.filter((card) => hasGroupAccess(user.groups, card.rule));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, letterSpacing: 1 }}>
        {MSG.homeGreeting(user.username)}
      </Typography>
      <Typography sx={{ mt: 1 }} color="text.secondary">
        {MSG.homeUnderDevelopment}
      </Typography>
      <Typography sx={{ mt: 0.5 }} color="text.secondary">
        {MSG.homeHelpPrompt}{' '}
        <Link href={SUPPORT_URL} target="_blank" rel="noopener">
          {MSG.homeHelpLink}
        </Link>
        .
      </Typography>
      {user.groups.length === 0 && <NoGroupsNotice />}
      {cards.length > 0 && (
        <Box
          component="ul"
          aria-label="Tools"
          sx={{
            listStyle: 'none',
            p: 0,
            mt: 4,
            mb: 0,
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          }}
        >
          {cards.map((card) => (
            <ToolCardView key={card.component} card={card} />
          ))}
        </Box>
      )}
    </Container>
  );
}

function ToolCardView({ card }: { card: ToolCard }) {
  const titleId = `tool-${card.component}`;
  return (
    <Card component="li" variant="outlined" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {card.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {card.description}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={componentHref(card.component)}
          variant="contained"
          endIcon={<ArrowForward />}
          aria-label={`Go to ${card.title}`}
        >
          Go
        </Button>
      </CardActions>
    </Card>
  );
}
