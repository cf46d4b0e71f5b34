//! The fixed texts of the interface, by name. Each key's words, in the
//! four languages, are a block of `texts/*.txt` (one file a screen, the
//! catalogue's shape: `blocks.rs`): `build.rs` compiles English in (a key
//! without its block does not compile) and writes the other languages'
//! files, which the browser fetches (`fixed.rs`).

/// Builds the [`Key`] enum, its `ALL` list and its names together, so a
/// test can walk every key and a language file can name them.
macro_rules! keys {
    ($($key:ident,)+) => {
        /// A fixed text of the interface.
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
        pub enum Key { $($key),+ }

        impl Key {
            /// Every key, for completeness tests of translations.
            pub const ALL: &'static [Key] = &[$(Key::$key),+];

            /// Each key's name, in the order of [`Key::ALL`]: what the
            /// texts' files (`texts/*.txt`) call it.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($key)),+];
        }
    };
}

keys! {
    AppTitle,
    Tagline,
    PlayersHeading,
    PlayerCount,
    YourName,
    You,
    EditionHeading,
    EditionModern,
    EditionModernHelp,
    EditionClassic,
    EditionClassicHelp,
    EditionResetNote,
    CardRulesHeading,
    MatchHeading,
    SpeedHeading,
    StartGame,
    HowToPlay,
    Rules,
    Back,
    Menu,
    Table,
    YourHand,
    DrawPile,
    DiscardPile,
    EmptyPile,
    GameLog,
    Out,
    OutOfMatch,
    Turn,
    OwesTwo,
    YourTurn,
    OnlyFourOno,
    YouAreOut,
    YouLeftMatch,
    NextHand,
    PlayAgain,
    NewGame,
    Standings,
    Player,
    Tokens,
    Score,
    Winner,
    Dismiss,
    LaidDown,
    SpeedSlow,
    SpeedNormal,
    SpeedFast,
    SpeedInstant,
    LevelEasy,
    LevelMedium,
    LevelHard,
    LevelRandom,
    Bot,
    RulesTitle,
    RulesGoalHeading,
    RulesGoal,
    RulesCardsHeading,
    RulesTurnHeading,
    RulesTurn1,
    RulesTurn2,
    RulesTurn3,
    RulesTurn4,
    RulesPlayTwoHeading,
    RulesPlayTwo1,
    RulesPlayTwo2,
    RulesPlayTwo3,
    RulesFourOno,
    RulesClassicHeading,
    RulesClassic1,
    RulesClassic2,
    RulesClassic3,
    RulesClassic4,
    RulesOptionsHeading,
    RulesFormatsHeading,
    RulesElimination,
    RulesTokens,
    RulesPoints,
    RulesKeyboardHeading,
    RulesKeyboard,
    AboutHeading,
    About1,
    About2,
    ErrorPrefix,
    SetupErrorPrefix,
    Yes,
    LeaveHeading,
    LeaveText,
    LeaveGame,
    KeepPlaying,
    TotalWord,
    Status,
    Place,
    No,
    SaveNoticeHeading,
    SaveNoticeBroken,
    SaveNoticeOld,
    SaveNoticeBrokenKept,
    SaveNoticeNewer,
    SaveFailedFull,
    SaveFailedUnavailable,
    SaveFailedNewerKept,
    JoinButton,
    GuestNoStunNote,
    BadViewNotice,
    HostOtherVersion,
    Statistics,
    StatsTitle,
    StatsEmpty,
    StatsPlayed,
    StatsWon,
    StatsWinRate,
    StatsBestStreak,
    StatsCurrentStreak,
    StatsAveragePlace,
    StatsByEdition,
    StatsByLevel,
    StatsLevelMixed,
    StatsLevelPeople,
    StatsReset,
    StatsResetHeading,
    StatsResetText,
    StatsResetConfirm,
    Cancel,
    Person,
    PlayerNumbered,
    SettingsLabel,
    LanguageLabel,
    ReduceMotionLabel,
    HintsLabel,
    ThemeLabel,
    ThemeAuto,
    ThemeLight,
    ThemeDark,
    HintMakes,
    // Table: pacing, results, explanations.
    SeeTheTable,
    ShowTheResult,
    SkipToResult,
    YourTurnMark,
    YouOweTwoMark,
    NextMark,
    WinnerMark,
    NewCard,
    Undo,
    UndoHint,
    SpecialCards,
    CoachPick,
    SinceYourTurn,
    // Header, settings, quick play.
    Close,
    VolumeLabel,
    VolumeMuted,
    QuickPlay,
    SetUpGameHeading,
    EditionModernShort,
    EditionClassicShort,
    BotsEasy,
    BotsMedium,
    BotsHard,
    BotsMixed,
    // Online tables.
    OnlineFriend,
    HostName,
    OnlineTableHeading,
    LobbyIntro,
    PreparingInvite,
    StatusWaiting,
    StatusConnected,
    StatusDisconnected,
    BotPlayingBadge,
    LobbyNeedsEveryone,
    InviteFailed,
    CodeEmpty,
    CodeTooLong,
    CodeDamaged,
    CodeTruncated,
    CodeIsInvite,
    CodeIsReply,
    CodeOtherVersion,
    CodeOtherSeat,
    Copied,
    ReplyCode,
    CopyReplyCode,
    PreparingReply,
    JoinHelp,
    JoinFailed,
    HostLost,
    LeaveTable,
    Wait,
    NetworkHeading,
    OpenOnlineSettings,
    StunServer,
    StunHelp,
    TurnServer,
    TurnUser,
    TurnCredential,
    NoStunNote,
    BadInviteLink,
    GuestRefused,
    BackToStart,
    // Replays and records.
    Replay,
    ReplayHeading,
    Previous,
    NextStep,
    Play,
    Pause,
    ReplayPosition,
    DownloadRecord,
    CopyShareLink,
    OpenRecord,
    ShareLink,
    RecordDoesNotReplay,
    RecordBroken,
    RecordTooLarge,
    ShareBroken,
    RecentMatches,
    NoRecentMatches,
    // Today's deal.
    TodaysDeal,
    TodaysDealHelp,
    DailyCounted,
    DailyPractice,
    // Where the hints would show, during the counted attempt.
    HintsHeldBack,
    PracticeTodaysDeal,
    CopyResult,
    DailyDaysPlayed,
    DailyStreak,
    DailyToday,
    DailyNotYet,
    // Learn to play.
    LearnToPlay,
    LearnHelp,
    PlayWithFriends,
    // The first screen's word while the game's code arrives.
    Loading,
    // The rest of the game (statistics, replays, online tables) could not
    // be loaded.
    NotLoaded,
    // The first screen, when the game's code did not arrive.
    GameNotLoaded,
    // A page of an older deployment needs a file the new one replaced
    // (a language's texts): the notice, and its button.
    NewVersionReady,
    ReloadPage,
    Retry,
    LearnCoach,
    LearnGotIt,
    LearnSkip,
    CoachTotalTitle,
    CoachTotalBody,
    CoachReverseTitle,
    CoachReverseBody,
    CoachPlayTwoTitle,
    CoachPlayTwoBody,
    CoachMinusTenTitle,
    CoachMinusTenBody,
    CoachNinetyNineTitle,
    CoachNinetyNineBody,
    CoachFourOnoTitle,
    CoachFourOnoBody,
    CoachOutTitle,
    CoachOutBody,
    CoachDoneTitle,
    CoachDoneBody,
    // Review my plays.
    ReviewMyPlays,
    ReviewHeading,
    ReviewProgress,
    ReviewCancelled,
    LabelBest,
    LabelGood,
    LabelInaccuracy,
    LabelMistake,
    ReviewYouPlayed,
    ReviewOwesTwo,
    ReviewChance,
    ReviewNoDecisions,
    ReviewHand,
    ReviewColPlay,
    ReviewColTotal,
    ReviewColStuck,
    ReviewColWin,
    ReviewColVerdict,
    ReviewOpenReplay,
    ReviewExplain,
    ReviewYours,
}

/// A text about one named seat or server ("Invite link for Ana"): each
/// language words it with the name in place
/// ([`super::Translation::named`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Named {
    PassHeading,
    PassText,
    PassReady,
    GuestStunNote,
    InviteLinkFor,
    CopyInviteLinkFor,
    QrCodeFor,
    ReplyCodeFrom,
    Connect,
    JoinTable,
    WaitingToStart,
    /// A friend's result while the host may deal the next match.
    WaitingToDealAgain,
    LetBotPlay,
    GiveBack,
    InviteAgain,
    StunNote,
    IsDisconnected,
    SeatInLobby,
    /// A friend's page: the host started the next match at the table.
    NewMatchStarted,
    /// A seat's cards shown face up (a replay).
    HandOf,
}

impl Named {
    /// Every named text, for completeness tests of translations.
    pub const ALL: &'static [Named] = &[
        Named::InviteLinkFor,
        Named::CopyInviteLinkFor,
        Named::QrCodeFor,
        Named::ReplyCodeFrom,
        Named::Connect,
        Named::JoinTable,
        Named::WaitingToStart,
        Named::WaitingToDealAgain,
        Named::LetBotPlay,
        Named::GiveBack,
        Named::InviteAgain,
        Named::StunNote,
        Named::IsDisconnected,
        Named::SeatInLobby,
        Named::GuestStunNote,
        Named::PassHeading,
        Named::PassText,
        Named::PassReady,
        Named::HandOf,
        Named::NewMatchStarted,
    ];
}

/// Texts with a number in them ("Bot 3 name"), worded per language.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Numbered {
    /// "3 people" on Quick play's line.
    PeopleCount,
    SeatPlayerName,
    SeatPlayerLevel,
    SeatBotName,
    SeatBotLevel,
    /// "96 left" under the draw pile: not a total.
    CardsLeft,
}

impl Numbered {
    /// Every numbered text, for completeness tests of translations.
    pub const ALL: &'static [Numbered] = &[
        Numbered::PeopleCount,
        Numbered::SeatPlayerName,
        Numbered::SeatPlayerLevel,
        Numbered::SeatBotName,
        Numbered::SeatBotLevel,
        Numbered::CardsLeft,
    ];
}

/// The texts of a table link and its relays (issue 30), which only the
/// whole app shows: each language words them in
/// [`super::OnlineTexts::online`], out of the first download.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum OnlineKey {
    /// The lobby's heading over the one link for every friend.
    TableLink,
    TableLinkHelp,
    CopyTableLink,
    TableLinkQr,
    /// The checkbox: nobody new takes a seat.
    LockTable,
    LockTableHelp,
    /// Before the list of relays the table uses (the host's lobby; a
    /// friend's page before Join).
    RelaysUsed,
    RelaysUsedByFriend,
    /// How a relay stands, beside its address in the lobby.
    RelayReached,
    RelayTrying,
    RelayUnreachable,
    /// The host left the relays: every friend is connected.
    RelayIdle,
    /// The player cleared the relays: codes only.
    NoRelays,
    /// Not one relay answered: codes only.
    RelaysDown,
    /// Folds out the per-seat invite links and reply codes.
    CodesInstead,
    /// A friend's page while its offer goes out.
    ReachingHost,
    /// A friend's page after the last unanswered attempt.
    HostNoAnswer,
    RefusedFull,
    RefusedLocked,
    RefusedName,
    /// A friend's page or the host's, while a lost connection is made
    /// again through the relays.
    Reconnecting,
    /// The tab's title while an online match waits on a player whose page
    /// is hidden (another tab, a minimized window).
    YourTurnTitle,
    /// The system notification's text for the same moment.
    YourTurnNotice,
    /// Settings: the switch for a system notification on one's turn.
    TurnAlerts,
    TurnAlertsHelp,
    /// Settings: the browser (or the player, in its prompt) refused
    /// notifications, so the switch stays off.
    TurnAlertsRefused,
    /// Settings: this browser has no notifications at all.
    TurnAlertsUnsupported,
    /// Settings: the relays' field and its help.
    Relays,
    RelaysHelp,
    /// Start or Play again while the friends' shares of a deal anyone can
    /// check come in.
    DealShuffling,
    /// The end of an online match: its deal checked.
    DealVerified,
    DealVerifiedLate,
    DealSecretChanged,
    DealLeftOut,
    DealSeedDiffers,
    DealDoesNotReplay,
    DealLogDiffers,
    /// Copies the finished match's share link (with what checks its deal).
    CopyMatchLink,
}

impl OnlineKey {
    /// Every online text, for completeness tests of translations.
    pub const ALL: &'static [OnlineKey] = &[
        OnlineKey::TableLink,
        OnlineKey::TableLinkHelp,
        OnlineKey::CopyTableLink,
        OnlineKey::TableLinkQr,
        OnlineKey::LockTable,
        OnlineKey::LockTableHelp,
        OnlineKey::RelaysUsed,
        OnlineKey::RelaysUsedByFriend,
        OnlineKey::RelayReached,
        OnlineKey::RelayTrying,
        OnlineKey::RelayUnreachable,
        OnlineKey::RelayIdle,
        OnlineKey::NoRelays,
        OnlineKey::RelaysDown,
        OnlineKey::CodesInstead,
        OnlineKey::ReachingHost,
        OnlineKey::HostNoAnswer,
        OnlineKey::RefusedFull,
        OnlineKey::RefusedLocked,
        OnlineKey::RefusedName,
        OnlineKey::Reconnecting,
        OnlineKey::YourTurnTitle,
        OnlineKey::YourTurnNotice,
        OnlineKey::TurnAlerts,
        OnlineKey::TurnAlertsHelp,
        OnlineKey::TurnAlertsRefused,
        OnlineKey::TurnAlertsUnsupported,
        OnlineKey::Relays,
        OnlineKey::RelaysHelp,
        OnlineKey::DealShuffling,
        OnlineKey::DealVerified,
        OnlineKey::DealVerifiedLate,
        OnlineKey::DealSecretChanged,
        OnlineKey::DealLeftOut,
        OnlineKey::DealSeedDiffers,
        OnlineKey::DealDoesNotReplay,
        OnlineKey::DealLogDiffers,
        OnlineKey::CopyMatchLink,
    ];
}
