"""Catalogue rules of the three variant games: everyone plays (`p1.all.*`), the turned-up trump (`p1.trump.*`)
and the special-card game (`p1.beat.*`, `p2.pile.*`), plus the moves they add (`game.pass`, throwing on).

Where a source is silent the rule cites "project" (and the source that comes closest) and says why in its note;
where source 003 contradicts itself the note quotes the phrase it resolves.
"""

from __future__ import annotations

from skitgubbe.rules.rule import Rule

_W = ("wikipedia",)
_S = ("specialkort",)
_PROJECT_W = ("project", "wikipedia")
_PROJECT_S = ("project", "specialkort")

VARIANT_RULES: tuple[Rule, ...] = (
    # -- moves shared by the variants ----------------------------------------------------------------
    Rule(
        "game.pass",
        "Att stå över är ett drag bara när man får slänga på efter ett avgjort stick; annars måste man spela "
        "(eller ta upp där det är tillåtet).",
        "Passing is a move only in the throw-on window after a decided trick; otherwise a player must play "
        "(or pick up where that is allowed).",
        _PROJECT_W,
        "Källan har inget drag 'stå över'; det behövs bara för att den som inte vill slänga på ska kunna säga "
        "det när turen att slänga på kommer till hen.",
        "The source has no 'pass' move; it is needed only so that a player who does not wish to throw on can "
        "say so when the throw-on window reaches them.",
    ),
    Rule(
        "p2.no-throw-on",
        "I fas 2 slänger man inte på kort.",
        "Nobody throws cards on in phase 2.",
        ("project",),
        "Wikipedia beskriver att slänga på bara i fas 1, när alla spelar till sticken.",
        "Wikipedia describes throwing on only in phase 1, when everyone plays to the tricks.",
    ),
    # -- phase 1, everyone plays (Wikipedia) --------------------------------------------------------------
    Rule(
        "p1.all.lead",
        "När alla spelar till sticken spelar förhand, och därefter varje sticks vinnare, ut ett kort eller "
        "flera av en och samma valör.",
        "When everyone plays to the tricks, forehand, and then each trick's winner, leads one or more cards of "
        "one rank.",
        _W,
    ),
    Rule(
        "p1.all.play",
        "De andra spelarna lägger medsols i tur och ordning ett eller flera kort av samma valör; färgen spelar "
        "ingen roll och ingen måste försöka ta sticket.",
        "The other players clockwise each play one or more cards of one rank in turn; suits do not matter and "
        "nobody must try to win the trick.",
        _W,
    ),
    Rule(
        "p1.all.one-rank",
        "Ett drag består av kort av en och samma valör.",
        "The cards of one move are all of a single rank.",
        _W,
    ),
    Rule(
        "p1.all.draw",
        "Den som har spelat eller slängt på drar lika många kort från talongen som hen lade, så länge talongen räcker.",
        "A player who has played or thrown on draws as many cards from the talon as they laid, while the talon lasts.",
        _W,
        "Talongens sista kort läggs som vanligt osett åt sidan av den som skulle dra det (p1.last-card), även "
        "mitt i en dragning av flera kort.",
        "The talon's last card is still set aside unseen by whoever would draw it (p1.last-card), even in the "
        "middle of drawing several cards.",
    ),
    Rule(
        "p1.all.higher-wins",
        "Den som spelade högst valör vinner sticket, tar alla dess kort (även de påslängda) och spelar ut nästa.",
        "Whoever played the highest rank wins the trick, takes all its cards (thrown-on ones too) and leads the next.",
        _W,
    ),
    Rule(
        "p1.all.tie",
        "Har flera spelare spelat den högsta valören spelar just de till sticket en gång till, i samma inbördes "
        "ordning, tills en av dem spelar högst.",
        "If several players played the highest rank, just those players play to the trick again, in the same "
        "order, until one of them plays highest.",
        _PROJECT_W,
        "Källan säger att 'dessa spelare' spelar igen; här räknas vid varje omspel bara den omgångens kort, "
        "också för motlägg.",
        "The source says 'these players' play again; here each replay is decided by that round's cards alone, "
        "for motlägg too.",
    ),
    Rule(
        "p1.all.motlagg-beats",
        "Valfri regel: en valör som två eller flera spelare har spelat (ett motlägg) sticker alla valörer som "
        "bara en spelare har spelat; det högsta motlägget sticker lägre motlägg.",
        "Optional rule: a rank played by two or more players (a motlägg) beats every rank played by only one "
        "player; the highest motlägg beats lower ones.",
        _W,
        "Två kort av samma valör från samma spelare är inget motlägg: det krävs två spelare. Källan föreslår "
        "att regeln spelas med varianten att bara slänga på sin egen valör; motorn tillåter alla kombinationer.",
        "Two cards of one rank from the same player are no motlägg: it takes two players. The source suggests "
        "playing the rule with the own-rank throw-on variant; the engine allows every combination.",
    ),
    Rule(
        "p1.all.must-motlagg",
        "Valfri regel: den som kan göra motlägg måste göra det, i den högsta valör hen kan.",
        "Optional rule: a player who can make a motlägg must make it, in the highest rank they can.",
        _W,
        "Utan regeln om motlägg betyder det att den som har omgångens dittills högsta valör måste spela den; "
        "med den gäller varje valör som redan spelats i omgången, utom när ett högre motlägg redan ligger. "
        "Den som måste göra motlägg får inte chansa i stället (projektets läsning av 'måste göra det').",
        "Without the motlägg rule this means a player holding the round's highest rank so far must play it; "
        "with it, any rank already played in the round, unless a higher motlägg already stands. A player who "
        "must make a motlägg may not play chansa instead (the project's reading of 'måste göra det').",
    ),
    Rule(
        "p1.all.throw-on.off",
        "Med dessa regler får man inte slänga på kort.",
        "Under these rules nobody may throw cards on.",
        ("project",),
        "Wikipedia beskriver att man slänger på; detta val stänger av det, för att jämföra med spelet utan.",
        "Wikipedia describes throwing on; this option switches it off, to compare with the game without it.",
    ),
    Rule(
        "p1.all.throw-on.after-trick",
        "När sticket är avgjort får var och en slänga på kort av valörer som redan finns i sticket, en gång, "
        "och drar sedan lika många; de påverkar inte vem som vinner.",
        "Once the trick is decided each player may throw on cards of ranks already in the trick, once, and then "
        "draws as many; they do not change who wins.",
        _W,
    ),
    Rule(
        "p1.all.throw-on.own-rank",
        "Variant: man får bara slänga på kort av den valör man själv spelade, när som helst efter att ha "
        "spelat till sticket tills det vänds; efter ett omspel bara av den nya valören.",
        "Variant: a player may throw on only cards of the rank they played themselves, at any time after "
        "playing to the trick until it is turned; after a replay only of the new rank.",
        _PROJECT_W,
        "Källan säger att man inte får slänga på 'den valör som de spelade tidigare'; här gäller det från det "
        "att omspelet börjar, tills spelaren har spelat på nytt.",
        "The source forbids throwing on 'the rank they played before'; here that holds from the start of the "
        "replay until the player has played again.",
    ),
    Rule(
        "p1.all.throw-on.anytime",
        "Variant: vem som helst får när som helst efter utspelet, tills sticket vänds, slänga på kort av "
        "valörer som finns i sticket, och drar lika många.",
        "Variant: anyone may throw on cards of ranks in the trick at any time after the lead until the trick "
        "is turned, drawing as many.",
        _W,
    ),
    Rule(
        "p1.all.throw-on.window",
        "När sticket är avgjort och innan det vänds får var och en som kan slänga på, i tur och ordning medsols "
        "från vinnaren, slänga på eller stå över; den som inte kan hoppas över, vinnaren också. Sedan vänds sticket.",
        "After the trick is decided and before it is turned, each player able to throw on gets a turn, clockwise "
        "from the winner, to throw on or pass; a player who cannot is skipped, the winner too. Then the trick is "
        "turned.",
        _PROJECT_W,
        "Källan säger bara att de som vill slänger på innan sticket vänds; turordningen låter ett parti drivas "
        "tur för tur. Den som inte har något att slänga på hoppas över. I varianterna får man dessutom slänga "
        "på utanför tur, och i fönstret behåller den som har slängt på turen så länge hen kan slänga på mer.",
        "The source only says that those who wish throw on before the trick is turned; the order lets a game be "
        "driven turn by turn. A player with nothing to throw on is skipped. In the variants players may also "
        "throw on out of turn, and in the window a player who has thrown on keeps the turn while they can "
        "throw on more.",
    ),
    Rule(
        "p1.all.end",
        "Fas 1 är över när den som har turen att spela till ett stick står utan kort; ett oavslutat stick "
        "tas tillbaka av dem som lade korten.",
        "Phase 1 ends when a player due to play to a trick has no card; an unfinished trick is taken back by "
        "those who laid its cards.",
        _W,
    ),
    Rule(
        "p1.all.end.finish-trick",
        "Variant: när någon har tagit talongens sista kort spelas det pågående sticket färdigt om det går, "
        "och sedan är fas 1 slut.",
        "Variant: once someone has taken the talon's last card, the trick in progress is finished if possible, "
        "and then phase 1 ends.",
        _W,
    ),
    # -- phase 1 with a turned-up trump (Wikipedia, after Kortoxen) ---------------------------------------
    Rule(
        "p1.trump.turn-up",
        "När alla har fått sina kort vänds lekens nästa kort upp och bestämmer trumffärgen; det läggs sedan "
        "underst i talongen, synligt.",
        "After the deal the next card is turned up for trump and slid under the talon, where it stays visible.",
        _W,
    ),
    Rule(
        "p1.trump.follow",
        "Den andra spelaren behöver inte spela, men ett kort hen spelar måste följa färg om hen kan.",
        "The second player need not play, but a card they play must follow suit if they can.",
        _W,
    ),
    Rule(
        "p1.trump.trump-void",
        "Den som inte kan följa färg får spela trumf.",
        "A player who cannot follow suit may play a trump.",
        _W,
    ),
    Rule(
        "p1.trump.no-discard",
        "Man får aldrig saka: ett kort som varken är i den utspelade färgen eller trumf får inte spelas.",
        "Discarding is never allowed: a card neither of the suit led nor a trump may not be played.",
        _W,
    ),
    Rule(
        "p1.trump.wins",
        "Sticket tas av ett högre kort i utspelad färg eller av en trumf; lika blir det aldrig. Vinnaren "
        "tar båda korten och spelar ut nästa.",
        "The trick is won by a higher card of the suit led or by a trump; there are no ties. The winner takes "
        "both cards and leads the next.",
        _W,
    ),
    Rule(
        "p1.trump.pick-up",
        "Svarar man inte med ett kort, vare sig man inte kan eller inte vill, tar man upp det utspelade kortet "
        "på handen.",
        "A player who cannot or will not play a card to the trick must take the led card into hand.",
        _W,
    ),
    Rule(
        "p1.trump.lead-again",
        "När det utspelade kortet har tagits upp spelar samma spelare ut igen, mot samma spelare.",
        "After the led card has been picked up, the same player leads again, against the same player.",
        _PROJECT_W,
        "Källan säger inte vem som spelar ut efter att kortet har tagits upp. Utspelet slogs inte, så utspelaren "
        "behåller utspelet som en stickvinnare gör; så tar fasen också alltid slut.",
        "The source does not say who leads after the card is picked up. The lead was not beaten, so its player "
        "keeps the lead as a trick winner would; that way the phase also always ends.",
    ),
    Rule(
        "p1.trump.draw",
        "Handen kan växa över tre kort; man drar ett kort bara när man efter sitt drag har två kort kvar (eller "
        "färre), annars inget.",
        "Hands may hold more than three cards; a player left with only two cards (or fewer) after playing draws "
        "one card, otherwise none.",
        _W,
    ),
    Rule(
        "p1.trump.last-card",
        "Den som står på tur att dra det uppvända trumfkortet, talongens sista, lägger det öppet bredvid sig; "
        "det spelas inte i fas 1.",
        "The player due to draw the turned-up trump card, the talon's last, lays it face up beside them; it is "
        "not played in phase 1.",
        _PROJECT_W,
        "Källan säger inte vem som får det synliga kortet; det behandlas som talongens sista kort i spelets "
        "andra former (p1.last-card).",
        "The source does not say who gets the visible card; it is treated like the talon's last card in the "
        "game's other forms (p1.last-card).",
    ),
    Rule(
        "p1.trump.end",
        "Fas 1 slutar när den som ska spela ut inte har något kort; den som ska svara utan kort tar upp det "
        "utspelade kortet.",
        "Phase 1 ends when the player due to lead has no card; a player due to answer without a card picks up "
        "the led card.",
        ("project", "pagat", "wikipedia"),
        "Källan är tyst om slutet. Närmast ligger regeln att fasen slutar när den som står på tur saknar kort; "
        "den som svarar kan alltid plocka, eftersom källan låter den som 'inte kan' spela ta upp kortet.",
        "The source is silent on the end. Closest is the rule that the phase ends when the player due to play "
        "has no card; the answering player can always pick up, since the source lets one who 'inte kan' play "
        "take the card.",
    ),
    Rule(
        "p1.trump.no-chansa",
        "I spelet med uppslagen trumf chansar man inte.",
        "The turned-up trump game has no chansa.",
        _PROJECT_W,
        "Källan nämner ingen chansning i denna variant, och ett osett kort kunde inte hålla kravet att följa "
        "färg och aldrig saka.",
        "The source names no chansa in this variant, and an unseen card could not keep the rule to follow suit "
        "and never discard.",
    ),
    Rule(
        "p1.trump.phase2-lead",
        "När fas 1 är slut tar den som har trumfkortet det på handen och spelar ut i fas 2; trumf är den "
        "uppvända färgen.",
        "When phase 1 ends the holder of the trump card takes it into hand and leads phase 2; the turned-up suit "
        "is still trump.",
        ("project", "pagat", "wikipedia"),
        "Källan beskriver bara fas 1 av denna variant; fas 2 spelas som i resten av spelet, och den som har "
        "trumfkortet börjar som där.",
        "The source describes only phase 1 of this variant; phase 2 is played as in the rest of the game, and "
        "the holder of the trump card leads as there.",
    ),
    # -- phase 1 of the special-card game (source 003) ----------------------------------------------------
    Rule(
        "p1.beat.lead",
        "Förhand spelar ut ett valfritt kort; sedan spelar stickvinnaren ut, och blir bordet tomt spelar "
        "nästa spelare ut ett valfritt kort till samma stick.",
        "Forehand leads any one card; after that each trick's winner leads, and if the table empties the next "
        "player leads any card to the same trick.",
        _PROJECT_S,
        "Källan säger bara att förhand spelar ut; att vinnaren spelar ut nästa är som i spelets andra former.",
        "The source only says that forehand leads; the winner leading the next is as in the game's other forms.",
    ),
    Rule(
        "p1.beat.must-beat",
        "Kan nästa spelare sticka över, med ett lika högt eller högre kort, så måste hen; färgen spelar ingen roll.",
        "The next player must beat with a card of the same rank or higher if they can; suits do not matter.",
        _S,
    ),
    Rule(
        "p1.beat.take",
        "Den som inte kan sticka över tar i stället upp det sist spelade kortet på handen, och turen går vidare.",
        "A player who cannot beat instead takes the last card played into hand, and the turn passes on.",
        _PROJECT_S,
        "Att turen går vidare är projektets läsning. Den som saknar kort kan inte sticka över och tar alltså "
        "upp kortet.",
        "That the turn passes on is the project's reading. A player without cards cannot beat and so takes the card.",
    ),
    Rule(
        "p1.beat.trick",
        "Ett stick är klart när lika många kort har spelats till det som det finns spelare (även kort som sedan "
        "tagits upp); den som lade det sista kortet har lagt det högsta och vinner korten som ligger kvar.",
        "A trick is complete when as many cards have been played to it as there are players (including cards "
        "picked up later); whoever laid the last card laid the highest and wins the cards still on the table.",
        _PROJECT_S,
        "Motsägelse: 'ett stick består av lika många kort som det är spelare', men den som inte kan sticka över "
        "'tar hen istället upp det sist utspelade kortet'. Räknas bara korten som ligger kvar kan samma kort gå runt för "
        "evigt när talongen är slut, och fas 1 tar aldrig slut; därför räknas spelade kort. Och 'den som lägger "
        "det högsta kortet vinner' fast samma valör får läggas ovanpå: ett kort av samma valör sticker över, "
        "så det senast lagda räknas som högst.",
        "Contradiction: 'ett stick består av lika många kort som det är spelare', yet a player who cannot beat "
        "'tar hen istället upp det sist utspelade kortet'. Counting only the cards left on the table lets the same cards go "
        "round for ever once the talon is empty, so phase 1 never ends; cards played are counted instead. And "
        "'den som lägger det högsta kortet vinner' although the same rank may be laid on top: a card of the "
        "same rank beats, so the card laid last counts as the highest.",
    ),
    Rule(
        "p1.beat.draw",
        "Efter att ha spelat drar man upp till tre kort så länge talongen räcker; den som har tre kort eller "
        "fler drar inget.",
        "After playing a player draws back up to three cards while the talon lasts; a player holding three or "
        "more draws nothing.",
        _PROJECT_S,
        "Motsägelse: 'spelat eller tagit ett kort drar man ett nytt', men också 'så att man alltid har tre kort'. "
        "Den som har tagit ett kort har redan fler än tre, så tre kort på handen får avgöra.",
        "Contradiction: 'spelat eller tagit ett kort drar man ett nytt', but also 'så att man alltid har tre "
        "kort'. A player who has taken a card already holds more than three, so three in hand decides.",
    ),
    Rule(
        "p1.beat.last-card",
        "Talongens sista kort blir liggande; när fas 1 är över tar den som stod på tur att dra det upp det och "
        "visar det för alla.",
        "When one card is left in the talon it stays there; the player who would have drawn it takes it and "
        "shows it when phase 1 ends.",
        _S,
    ),
    Rule(
        "p1.beat.end",
        "Fas 1 slutar när den som ska spela ut inte har något kort.",
        "Phase 1 ends when the player due to lead has no card.",
        ("project", "specialkort", "pagat"),
        "Källan säger att sista kortet får ligga 'tills resten är spelat'. Den som ska svara utan kort kan inte "
        "sticka över och tar upp; bara den som ska spela ut kan stå utan drag, och då är resten spelat.",
        "The source lets the last card lie 'tills resten är spelat'. A player due to answer without a card "
        "cannot beat and takes the card; only a player due to lead can be left without a move, and then the "
        "rest has been played.",
    ),
    Rule(
        "p1.beat.no-chansa",
        "I specialkortsspelet chansar man inte.",
        "The special-card game has no chansa.",
        _PROJECT_S,
        "Källan nämner ingen chansning.",
        "The source names no chansa.",
    ),
    # -- phase 2 on one pile with special cards (source 003) ----------------------------------------------
    Rule(
        "p2.pile.beat",
        "På högen får man lägga ett högre kort i samma färg som det översta kortet, eller ett kort av samma valör.",
        "On the pile a player may lay a higher card of the top card's suit, or a card of the same rank.",
        _PROJECT_S,
        "Motsägelse: 'samma valör eller högre' men också 'följer man färg'. Högre betyder högre i färgen, och "
        "samma valör får läggas i vilken färg som helst; annars kunde 'fyra lika' aldrig hamna på varandra.",
        "Contradiction: 'samma valör eller högre' but also 'följer man färg'. Higher means higher in the suit, "
        "and the same rank may be laid in any suit; otherwise 'fyra lika' could never lie on each other.",
    ),
    Rule(
        "p2.trump-when-unable",
        "Trumf får läggas på ett kort i en annan färg bara av den som inte kan lägga högre i den färgen; trumf "
        "slår annan färg.",
        "A trump may be laid on a card of another suit only by a player who cannot lay higher in that suit; a "
        "trump beats other suits.",
        _PROJECT_S,
        "Källan säger 'högre i den utspelade färgen'; på högen läses det som färgen på det översta kortet, "
        "eftersom tvåor och tior hela tiden startar om högen. Valet finns också för stickspelet i fas 2.",
        "The source says 'högre i den utspelade färgen'; on the pile that is read as the suit of the top card, "
        "since twos and tens keep starting the pile afresh. The option exists for the trick game's phase 2 too.",
    ),
    Rule(
        "p2.pile.must-play",
        "Den som kan lägga ett kort måste lägga; bara den som inte kan lägga något tar upp.",
        "A player who can lay a card must lay one; only a player who can lay nothing picks up.",
        _PROJECT_S,
        "Motsägelse: 'kan man varken lägga högre i färgen eller trumfa, tar man upp', men en tvåa och en tia "
        "'kan läggas på vilket kort som helst'. Den som har en tvåa eller tia kan alltså lägga och tar inte upp.",
        "Contradiction: 'kan man varken lägga högre i färgen eller trumfa, tar man upp', but a two and a ten "
        "'kan läggas på vilket kort som helst'. A player holding a two or a ten can lay it and does not pick "
        "up.",
    ),
    Rule(
        "p2.pile.two",
        "En tvåa går att lägga ovanpå alla kort och startar om högen, så att nästa spelare är fri att lägga "
        "vilket kort som helst.",
        "A two may be laid on any card and resets the pile: the next player may lay anything.",
        _S,
    ),
    Rule(
        "p2.pile.ten",
        "En tia går att lägga ovanpå alla kort och bränner högen, som läggs undan och inte är med längre; "
        "därefter spelar samma spelare ut igen.",
        "A ten may be laid on any card and burns the pile (set aside, out of play); the same player then leads "
        "a new card.",
        _PROJECT_S,
        "En tia bränner även när den spelas ut på tomt bord. Var tian spelarens sista kort är hen ute, och "
        "nästa spelare med kort spelar ut.",
        "A ten burns even when led to an empty table. If the ten was the player's last card they are out, and "
        "the next player with cards leads.",
    ),
    Rule(
        "p2.pile.four",
        "Ligger fyra kort av en valör överst i följd på högen bränns den, som med en tia; samma spelare spelar "
        "ut igen.",
        "When four cards of one rank lie on each other the pile burns, as with a ten; the same player leads again.",
        _S,
    ),
    Rule(
        "p2.pile.pick-up",
        "Den som tar upp tar hela högen, och turen går vidare: nästa spelare spelar ut på tomt bord.",
        "A player who picks up takes the whole pile, and the turn passes on: the next player leads to an empty table.",
        _S,
        "Källan ger också valet att bara ta upp 'det sista kortet' (pick_up='top-card'). Då försvinner högen "
        "bara när den bränns, och spelet kan gå runt mycket länge; därför är hela högen förvalet.",
        "The source also offers taking only 'det sista kortet' (pick_up='top-card'). The pile then goes only "
        "when it burns, and play can go round for very long; so the whole pile is the preset.",
    ),
    Rule(
        "p2.pile.out",
        "Den som har gjort sig av med alla sina kort har klarat sig; resten fortsätter på högen.",
        "A player who has got rid of all their cards is safe (räddad); the rest carry on on the pile.",
        _S,
    ),
)
