// The fixed 'me' questionnaire: ten questions, answered in order, from lighter to deeper.
// Hebrew is written to address the reader without gendered verb forms (past tense,
// infinitives, impersonal forms and neutral nouns), so one text fits every member.

export type QuestionText = { en: string; he: string };

export type QuestionnaireEntry = {
  questionId: string;
  index: number;
  title: QuestionText;
  prompt: QuestionText;
  subQuestions: Array<{ subQuestionId: string; text: QuestionText }>;
};

export const QUESTIONNAIRE: readonly QuestionnaireEntry[] = [
  {
    questionId: 'roots',
    index: 1,
    title: { en: 'Where I come from', he: 'מאיפה באתי' },
    prompt: {
      en: 'Start at the beginning: the family you were born into and the world you grew up in. Small details are welcome; they often say the most.',
      he: 'נתחיל מההתחלה: המשפחה שבה נולדת והעולם שבו גדלת. גם פרטים קטנים מתקבלים בברכה – לפעמים דווקא הם מספרים הכי הרבה.',
    },
    subQuestions: [
      {
        subQuestionId: 'roots-1',
        text: {
          en: 'Where were you born, and how did your family come to be living there at the time?',
          he: 'איפה נולדת, ואיך קרה שהמשפחה שלך חיה דווקא שם באותה תקופה?',
        },
      },
      {
        subQuestionId: 'roots-2',
        text: {
          en: 'What was everyday life like in the house you grew up in: the meals, the rules, the noise and the silences?',
          he: 'איך נראו חיי היומיום בבית שבו גדלת: הארוחות, החוקים, הרעש והשתיקות?',
        },
      },
      {
        subQuestionId: 'roots-3',
        text: {
          en: 'Which story about your parents, grandparents or earlier generations gets told again and again in your family?',
          he: 'איזה סיפור על ההורים, על סבא וסבתא או על דורות קודמים חוזר שוב ושוב במשפחה שלך?',
        },
      },
      {
        subQuestionId: 'roots-4',
        text: {
          en: 'Which languages, dishes, sayings or habits came down to you from your family, and which of them do you still keep?',
          he: 'אילו שפות, מאכלים, פתגמים או הרגלים עברו אליך מהמשפחה, ואילו מהם נשארו איתך עד היום?',
        },
      },
      {
        subQuestionId: 'roots-5',
        text: {
          en: 'What filled your days as a child, what frightened you, and what made you laugh the hardest?',
          he: 'במה העברת את הימים בילדות, ממה פחדת ומה הכי הצחיק אותך?',
        },
      },
    ],
  },
  {
    questionId: 'places',
    index: 2,
    title: { en: "The places I've called home", he: 'המקומות שהיו לי בית' },
    prompt: {
      en: 'Homes, streets, towns and landscapes: the places you have lived in or felt you belonged to, and what each one left in you.',
      he: 'בתים, רחובות, ערים ונופים: המקומות שבהם חיית או שהרגשת בהם שייכות, ומה כל אחד מהם השאיר בך.',
    },
    subQuestions: [
      {
        subQuestionId: 'places-1',
        text: {
          en: 'When you picture the place where you grew up, what comes back first: a room, a street, a view, a smell?',
          he: 'כשעולה בזיכרון המקום שבו גדלת, מה מופיע ראשון: חדר, רחוב, נוף, ריח?',
        },
      },
      {
        subQuestionId: 'places-2',
        text: {
          en: 'Where did you go when you were free to wander as a child, and what did you find there?',
          he: 'לאן הלכת בילדות כשהיה לך חופש לשוטט, ומה מצאת שם?',
        },
      },
      {
        subQuestionId: 'places-3',
        text: {
          en: 'Which moves from one place to another mattered most in your life, and what did you leave behind each time?',
          he: 'אילו מעברים ממקום למקום היו המשמעותיים ביותר בחיים שלך, ומה נשאר מאחור בכל פעם?',
        },
      },
      {
        subQuestionId: 'places-4',
        text: {
          en: 'Which place feels most like home to you today, in the deepest sense of the word, and what made it so?',
          he: 'איזה מקום הוא הבית שלך היום, במובן העמוק של המילה, ומה הפך אותו לכזה?',
        },
      },
      {
        subQuestionId: 'places-5',
        text: {
          en: 'Which place that you visited only once, or long ago, still stays with you, and what happened there?',
          he: 'איזה מקום שביקרת בו רק פעם אחת, או לפני הרבה זמן, עדיין נשאר איתך, ומה קרה שם?',
        },
      },
    ],
  },
  {
    questionId: 'loves',
    index: 3,
    title: { en: 'What I love', he: 'האהבות שלי' },
    prompt: {
      en: 'The passions, pastimes and pleasures that make your life feel like your own. Big loves and small everyday joys both belong here.',
      he: 'התשוקות, התחביבים וההנאות שהופכים את החיים לשלך באמת. יש כאן מקום גם לאהבות גדולות וגם לשמחות הקטנות של היומיום.',
    },
    subQuestions: [
      {
        subQuestionId: 'loves-1',
        text: {
          en: 'What do you lose all track of time doing, and when did you first discover it?',
          he: 'באיזה עיסוק הזמן פשוט נעלם לך, ומתי גילית אותו לראשונה?',
        },
      },
      {
        subQuestionId: 'loves-2',
        text: {
          en: 'Which book, song, film or other work of art has stayed with you for years, and why that one?',
          he: 'איזו יצירה – ספר, שיר, סרט או כל דבר אחר – מלווה אותך כבר שנים, ולמה דווקא היא?',
        },
      },
      {
        subQuestionId: 'loves-3',
        text: {
          en: 'What does a really good ordinary day look like for you, from morning to night?',
          he: 'איך נראה אצלך יום רגיל וטוב במיוחד, מהבוקר ועד הלילה?',
        },
      },
      {
        subQuestionId: 'loves-4',
        text: {
          en: 'Which small pleasure would be hardest for you to give up: a taste, a ritual, a regular walk, a sound?',
          he: 'על איזו הנאה קטנה היה לך הכי קשה לוותר: טעם, טקס קטן, הליכה קבועה, צליל?',
        },
      },
      {
        subQuestionId: 'loves-5',
        text: {
          en: 'Which joy did you discover late in life, or come back to after a long break, and what brought you to it?',
          he: 'איזו הנאה גילית מאוחר בחיים, או חזרת אליה אחרי הפסקה ארוכה, ומה הביא אותך אליה?',
        },
      },
    ],
  },
  {
    questionId: 'work',
    index: 4,
    title: { en: 'What I do', he: 'מה אני עושה בחיים' },
    prompt: {
      en: 'Work in the widest sense: a job, a trade, a calling, raising a family, volunteering, making things. Tell how you came to do what you do.',
      he: 'עבודה במובן הרחב: משרה, מקצוע, שליחות, גידול משפחה, התנדבות או יצירה. זה המקום לספר איך הגעת לעיסוק שלך.',
    },
    subQuestions: [
      {
        subQuestionId: 'work-1',
        text: {
          en: 'What did you want to be as a child, and how close has life brought you to it?',
          he: 'מה רצית להיות בילדות, ועד כמה החיים קירבו אותך לשם?',
        },
      },
      {
        subQuestionId: 'work-2',
        text: {
          en: 'How did you find your way into the work you do now: a plan, a particular person, a lucky break or a detour?',
          he: 'איך הגעת לעיסוק שלך היום: תוכנית מסודרת, אדם מסוים, הזדמנות מקרית או דרך עוקפת?',
        },
      },
      {
        subQuestionId: 'work-3',
        text: {
          en: 'What does your work look like up close: the tools, the routines and the skills that outsiders never see?',
          he: 'איך נראית העבודה שלך מקרוב: הכלים, השגרה והמיומנויות שמבחוץ לא רואים?',
        },
      },
      {
        subQuestionId: 'work-4',
        text: {
          en: 'When did you feel, in the middle of your work, that you were exactly where you belonged, and what were you doing?',
          he: 'מתי הרגשת באמצע העבודה שזה בדיוק המקום שלך, ומה עשית באותו רגע?',
        },
      },
      {
        subQuestionId: 'work-5',
        text: {
          en: 'Beyond making a living, what does your work give you, and what does it take from you?',
          he: 'מעבר לפרנסה, מה העבודה נותנת לך, ומה היא לוקחת ממך?',
        },
      },
    ],
  },
  {
    questionId: 'circles',
    index: 5,
    title: { en: 'The circles I belong to', he: 'המעגלים שלי' },
    prompt: {
      en: 'Family, friends, neighbors, teammates, online groups, the regulars at your café: the circles where you are known. What do you bring to them, and what do they give you?',
      he: "משפחה, חברים, שכנים, שותפים לקבוצה, קהילות ברשת, החבר'ה הקבועים בבית הקפה: המעגלים שבהם מכירים אותך. מה יש לך לתת להם, ומה הם נותנים לך?",
    },
    subQuestions: [
      {
        subQuestionId: 'circles-1',
        text: {
          en: 'Who are the first people you call when something good happens, and how did they come into your life?',
          he: 'למי הולך הטלפון הראשון שלך כשקורה משהו טוב, ואיך האנשים האלה נכנסו לחיים שלך?',
        },
      },
      {
        subQuestionId: 'circles-2',
        text: {
          en: 'Which group, team or community have you felt most at home in, and what made it feel that way?',
          he: 'באיזו קבוצה, צוות או קהילה הרגשת הכי בבית, ומה יצר את התחושה הזאת?',
        },
      },
      {
        subQuestionId: 'circles-3',
        text: {
          en: 'What part do you usually play among others: organizing, listening, making people laugh, holding everyone together?',
          he: 'איזה תפקיד נופל בדרך כלל בחלקך כשנמצאים בחבורה: לארגן, להקשיב, להצחיק, להחזיק את כולם יחד?',
        },
      },
      {
        subQuestionId: 'circles-4',
        text: {
          en: 'When were you there for someone at a moment that truly mattered, or someone there for you?',
          he: 'מתי היית שם בשביל מישהו ברגע שבאמת היה חשוב, או שמישהו היה שם בשבילך?',
        },
      },
      {
        subQuestionId: 'circles-5',
        text: {
          en: 'Which regular gathering, tradition or shared ritual keeps your people close, and what happens there?',
          he: 'איזה מפגש קבוע, מסורת או טקס משותף שומר על האנשים שלך קרובים, ומה קורה בו?',
        },
      },
    ],
  },
  {
    questionId: 'shaped',
    index: 6,
    title: { en: 'People and moments that shaped me', he: 'האנשים והרגעים שעיצבו אותי' },
    prompt: {
      en: 'Some people and moments quietly change the course of a life. Who and what set you on your way?',
      he: 'יש אנשים ורגעים שמשנים בשקט מסלול של חיים שלמים. מי ומה הובילו אותך לדרך שלך?',
    },
    subQuestions: [
      {
        subQuestionId: 'shaped-1',
        text: {
          en: 'Which teacher, mentor, neighbor or other grown-up outside your family saw something in you early on, and what did they do about it?',
          he: 'איזו דמות מחוץ למשפחה – מורה, מדריך, שכנה או כל אדם מבוגר אחר – ראתה בך משהו כבר מוקדם, ומה עשתה עם זה?',
        },
      },
      {
        subQuestionId: 'shaped-2',
        text: {
          en: 'Who in your family influenced you more than anyone, and what of them can you recognize in yourself today?',
          he: 'מי במשפחה השפיע עליך יותר מכולם, ומה מאותו אדם אפשר לזהות בך היום?',
        },
      },
      {
        subQuestionId: 'shaped-3',
        text: {
          en: 'Which friend came into your life at exactly the right time, and what did that friendship change?',
          he: 'מי נכנס לחיים שלך כחבר או כחברה בדיוק בזמן הנכון, ומה החברות הזאת שינתה?',
        },
      },
      {
        subQuestionId: 'shaped-4',
        text: {
          en: 'Which single moment or decision turned your life in a new direction, and when did you realize how much it mattered?',
          he: 'איזה רגע או החלטה אחת שינו את כיוון החיים שלך, ומתי הבנת כמה זה היה חשוב?',
        },
      },
      {
        subQuestionId: 'shaped-5',
        text: {
          en: 'What did someone once say to you that you have never forgotten, and what was happening when they said it?',
          he: 'איזה משפט שמישהו אמר לך פעם נחרת בך עד היום, ובאיזה הקשר הוא נאמר?',
        },
      },
    ],
  },
  {
    questionId: 'hardship',
    index: 7,
    title: { en: 'Hard times and what carried me', he: 'תקופות קשות ומה שהחזיק אותי' },
    prompt: {
      en: 'Every life has its hard stretches. Share only what you are comfortable sharing; what matters here is how you got through and what you learned.',
      he: 'בכל חיים יש תקופות קשות. כדאי לשתף רק את מה שנוח לשתף; מה שחשוב כאן הוא איך עברת אותן ומה למדת מהן.',
    },
    subQuestions: [
      {
        subQuestionId: 'hardship-1',
        text: {
          en: 'What was one of the hardest stretches of your life, and what did an ordinary day look like back then?',
          he: 'מה הייתה אחת התקופות הקשות ביותר בחיים שלך, ואיך נראה יום רגיל באותם ימים?',
        },
      },
      {
        subQuestionId: 'hardship-2',
        text: {
          en: 'What kept you going when things were at their worst: a person, a habit, a stubborn thought?',
          he: 'מה החזיק אותך כשהיה הכי קשה: אדם, הרגל, מחשבה עקשנית?',
        },
      },
      {
        subQuestionId: 'hardship-3',
        text: {
          en: 'What did you lose along the way, and how do you carry that loss with you now?',
          he: 'מה איבדת בדרך, ואיך האובדן הזה מלווה אותך היום?',
        },
      },
      {
        subQuestionId: 'hardship-4',
        text: {
          en: 'What did hard times teach you about yourself that you might never have learned otherwise?',
          he: 'מה גילית על עצמך בזמנים קשים, שאולי לא היית מגלה בשום דרך אחרת?',
        },
      },
      {
        subQuestionId: 'hardship-5',
        text: {
          en: 'What words do you think would help someone going through something similar right now?',
          he: 'אילו מילים, לדעתך, יכולות לעזור למישהו שעובר עכשיו משהו דומה?',
        },
      },
    ],
  },
  {
    questionId: 'beliefs',
    index: 8,
    title: { en: 'What I believe', he: 'מה חשוב לי באמת' },
    prompt: {
      en: 'Not slogans, but the principles you actually live by, and the experiences that taught them to you.',
      he: 'לא סיסמאות, אלא העקרונות שבאמת מנחים אותך ביומיום, והחוויות שלימדו אותך אותם.',
    },
    subQuestions: [
      {
        subQuestionId: 'beliefs-1',
        text: {
          en: 'Which value would you hold on to even when it costs you, and when has it been put to the test?',
          he: 'על איזה ערך אין מבחינתך ויתור, גם כשזה עולה ביוקר, ומתי הוא עמד במבחן?',
        },
      },
      {
        subQuestionId: 'beliefs-2',
        text: {
          en: 'What did you once believe with all your heart that you see differently today, and what changed your mind?',
          he: 'במה האמנת פעם בלב שלם, ואיך זה נראה לך היום? מה שינה את דעתך?',
        },
      },
      {
        subQuestionId: 'beliefs-3',
        text: {
          en: 'When did you face a choice with no clear right answer, and how did you decide what to do?',
          he: 'מתי עמדת מול החלטה שלא הייתה לה תשובה נכונה ברורה, ואיך החלטת מה לעשות?',
        },
      },
      {
        subQuestionId: 'beliefs-4',
        text: {
          en: 'What kind of person do you try to be when nobody is watching?',
          he: 'איזה אדם חשוב לך להיות כשאף אחד לא רואה?',
        },
      },
      {
        subQuestionId: 'beliefs-5',
        text: {
          en: 'What do you think people owe one another, and where did you learn it?',
          he: 'מה, לדעתך, אנשים חייבים זה לזה, ואיפה למדת את זה?',
        },
      },
    ],
  },
  {
    questionId: 'younger-self',
    index: 9,
    title: { en: 'A letter to my younger self', he: 'מכתב לעצמי של פעם' },
    prompt: {
      en: 'Picture yourself at an age that matters to you: sixteen, twenty-five, any age at all. What would you want that person to hear from you now?',
      he: 'אפשר לבחור גיל שחשוב לך – 16, 25 או כל גיל אחר. מה היית רוצה שהאדם שהיית אז ישמע ממך היום?',
    },
    subQuestions: [
      {
        subQuestionId: 'younger-self-1',
        text: {
          en: "Which worry took up far too much of your younger self's time, and how did it turn out in the end?",
          he: 'איזו דאגה תפסה אצלך פעם יותר מדי מקום, ומה יצא ממנה בסוף?',
        },
      },
      {
        subQuestionId: 'younger-self-2',
        text: {
          en: 'What would you thank your younger self for: a risk taken, a door opened, a line held?',
          he: 'על מה מגיעה תודה לעצמך של אז: סיכון שלקחת, דלת שפתחת, גבול ששמרת?',
        },
      },
      {
        subQuestionId: 'younger-self-3',
        text: {
          en: 'Which advice you were given back then turned out to be right, and which turned out to be wrong?',
          he: 'איזו עצה שקיבלת אז התבררה כנכונה, ואיזו התבררה כשגויה לגמרי?',
        },
      },
      {
        subQuestionId: 'younger-self-4',
        text: {
          en: 'What do you know now about love, money, time or friendship that you wish you had known sooner?',
          he: 'מה ידוע לך היום על אהבה, כסף, זמן או חברות, שהיה כדאי לדעת כבר אז?',
        },
      },
      {
        subQuestionId: 'younger-self-5',
        text: {
          en: 'If your younger self could glimpse your life today, what would surprise them most?',
          he: 'אילו האדם שהיית פעם היה יכול להציץ בחיים שלך היום, מה היה מפתיע אותו הכי הרבה?',
        },
      },
    ],
  },
  {
    questionId: 'legacy',
    index: 10,
    title: { en: 'What I hope to leave behind', he: 'מה אני רוצה להשאיר אחריי' },
    prompt: {
      en: 'Looking ahead: what you still hope for, and what you would like to remain of you in the people and places you have touched.',
      he: 'מבט קדימה: התקוות שעוד מחכות לך, ומה היית רוצה שיישאר ממך אצל האנשים ובמקומות שנגעת בהם.',
    },
    subQuestions: [
      {
        subQuestionId: 'legacy-1',
        text: {
          en: 'What are you looking forward to in the years ahead, and what do you still most want to do?',
          he: 'מה בשנים הקרובות מעורר בך ציפייה, ומה עוד הכי חשוב לך להספיק?',
        },
      },
      {
        subQuestionId: 'legacy-2',
        text: {
          en: 'What do you hope the people closest to you will remember about you, many years from now?',
          he: 'מה הכי חשוב לך שהאנשים הקרובים אליך יזכרו ממך, גם בעוד שנים רבות?',
        },
      },
      {
        subQuestionId: 'legacy-3',
        text: {
          en: 'What would you like to pass on, such as a skill, a recipe, a story or an object, and to whom?',
          he: 'מה היית רוצה להעביר הלאה – מיומנות, מתכון, סיפור, חפץ – ולמי?',
        },
      },
      {
        subQuestionId: 'legacy-4',
        text: {
          en: 'What difference, however small, do you hope to make in the world around you?',
          he: 'איזה שינוי, ולו הקטן ביותר, היית רוצה שיקרה בעולם שסביבך בזכותך?',
        },
      },
      {
        subQuestionId: 'legacy-5',
        text: {
          en: 'What would you like the people you love to hear from you, in case you have never said it out loud?',
          he: 'מה היית רוצה שהאנשים האהובים עליך ישמעו ממך, אם עוד לא אמרת להם את זה בקול?',
        },
      },
    ],
  },
];
