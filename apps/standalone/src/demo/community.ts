// Demo content for the seed: a small bilingual community (English and Hebrew) written for
// Mepedia, with members, questionnaire answers, posts, comments and reactions. The seed script
// (./seed.ts) reads these constants and creates everything through the public API. All the
// people, places of work and stories here are invented.

export type DemoLanguage = 'en' | 'he';

export type DemoMember = {
  /** Short stable id used to refer to the member in this file, e.g. 'noa'. */
  key: string;
  /** The language they write in and their interface language. */
  language: DemoLanguage;
  /** Letters only, in the script of `language`. */
  firstname: string;
  lastname: string;
  gender: 'male' | 'female' | 'other' | 'non-binary';
  /** 'YYYY-MM-DD', between 1940 and 2003. */
  birthdate: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** At most 50 characters. */
  moto: string;
  /** At most 50 characters. */
  aboutMe: string;
  /** Optional, https://<something>.example only. */
  websiteLink?: string;
  /** Two hex colours for a generated avatar picture (background gradient), e.g. ['#1f4e79', '#6fa8dc']. */
  colours: [string, string];
  /** Answers to the questionnaire, IN ORDER from the first question: answers[0] answers 'roots', answers[1] 'places', and so on. Each member answers 2 to 4. */
  answers: DemoAnswer[];
  /** 1 or 2 per member. */
  posts: DemoPost[];
};

export type DemoAnswer = {
  /** The question's id; answers follow the questionnaire's order. */
  questionId: string;
  /** Text per sub-question id (plain text, no HTML): 2 to 4 of them, at least one of 100 to 600 characters, the others 40 to 400. */
  texts: Record<string, string>;
  /** Whether the answer is put in the public magazine (it needs one text of at least 100 characters). */
  publish: boolean;
};

export type DemoPictureScene = 'sea' | 'hills' | 'city' | 'garden' | 'desert' | 'night';

export type DemoPost = {
  /** Stable id for comments to refer to, e.g. 'noa-boat'. */
  key: string;
  /** At most 150 characters. */
  title: string;
  /** HTML using only <p>, <h2>, <h3>, <strong>, <em>, <ul>, <ol>, <li>, <blockquote>. Text (markup not counted) 400 to 2000 characters. */
  content: string;
  /** The picture's credit, at most 200 characters. */
  credit: string;
  destination: 'profile' | 'magazine';
  /** A scene for a generated illustration, plus two hex colours. */
  picture: { scene: DemoPictureScene; colours: [string, string] };
};

export type DemoComment = {
  /** Stable id, e.g. 'c1'. */
  key: string;
  /** A DemoPost key. */
  post: string;
  /** A DemoMember key. */
  author: string;
  /** Plain text, 20 to 400 characters, in the commenter's language. */
  message: string;
  /** The key of the comment this replies to (same post, listed earlier), if a reply. */
  replyTo?: string;
};

export type DemoReactionKind = 'like' | 'heart' | 'clap' | 'laugh' | 'wow' | 'hug';

export type DemoReaction = {
  /** A DemoPost key. */
  post: string;
  /** A DemoMember key, never the post's own author. */
  member: string;
  kind: DemoReactionKind;
};

/** Joins a post's HTML blocks (kept one per line here for reading). */
const html = (...blocks: string[]): string => blocks.join('');

export const DEMO_MEMBERS: readonly DemoMember[] = [
  // A retired primary-school teacher, born in Buenos Aires, in Israel since she was eleven.
  {
    key: 'ester',
    language: 'he',
    firstname: 'אסתר',
    lastname: 'רוזן',
    gender: 'female',
    birthdate: '1948-03-14',
    country: 'IL',
    moto: 'כל ילד הוא ספר שעוד לא נקרא עד הסוף',
    aboutMe: 'מורה בגמלאות מקריית טבעון, סבתא לחמישה',
    colours: ['#7a3e1d', '#f2c28b'],
    answers: [
      {
        questionId: 'roots',
        texts: {
          'roots-1':
            'נולדתי בבואנוס איירס, בשכונה שנקראת וייה קרספו, שבה כמעט כל שכן שני דיבר יידיש. סבא וסבתא שלי הגיעו לשם מפולין בשנות העשרים, כי לבן דוד של סבא הייתה חנות בדים בעיר, והוא כתב להם שיש עבודה ויש שמש. אבא שלי היה חייט, ואמא ניהלה את הבית ואת כל הבניין – לפחות ככה היא הרגישה.',
          'roots-2':
            'בבית דיברו שלוש שפות בבת אחת: ספרדית עם השכנים, יידיש כשלא רצו שהילדים יבינו, ועברית רק בשירים. ארוחת הצהריים הייתה קדושה, ואחריה כולם נחו, גם מי שלא היה עייף. הרעש הגדול היה בימי ראשון, כשכל הדודים באו לאסאדו בחצר ודיברו בבת אחת.',
          'roots-4':
            'עד היום אני שותה כל בוקר מאטה מתוך הדלעת הקטנה שאמא נתנה לי כשעלינו לארץ. הנכדים צוחקים שזה נראה כמו תה של מכשפות, אבל תמיד מבקשים לטעום. נשאר איתי גם המשפט של אבא, "פאסו א פאסו" – צעד אחר צעד – שאני אומרת לעצמי בספרדית בכל פעם שמשהו נראה לי גדול מדי.',
        },
        publish: true,
      },
      {
        questionId: 'places',
        texts: {
          'places-3':
            'המעבר הגדול היה ב-1959, כשהייתי בת אחת-עשרה. שלושה שבועות באונייה, ומכל הדרך אני זוכרת בעיקר את הבובה שהשארתי לבת של השכנים, כי לא היה לה מקום במזוודה. גרנו קודם במעברה ליד חיפה ואחר כך בשיכון בקריית חיים. בכיתה צחקו על המבטא שלי, ותוך שנה כבר אני צחקתי על המבטא של הילדים החדשים שהגיעו אחריי.',
          'places-4':
            'הבית שלי היום הוא בקריית טבעון: בית קטן עם גינה ועץ לימון ששתלנו אני ויעקב, בעלי, לפני ארבעים שנה. כל פינה בו ראתה משהו – שיעורי בית, ימי הולדת, נכדים שנרדמו על המזרן בסלון. בשבילי בית זה לא הקירות. זה המקום שבו כולם יודעים באיזו מגירה נמצאות הכפיות.',
        },
        publish: false,
      },
      {
        questionId: 'loves',
        texts: {
          'loves-1':
            'הזמן נעלם לי בגינה. התחלתי ברצינות רק כשיצאתי לגמלאות, ופתאום גיליתי שאני מסוגלת לשבת שעה שלמה ולהסתכל על דבורה שעוברת מפרח לפרח. יעקב קורא לזה "השיעורים הפרטיים שלך", והוא צודק: אני לומדת שם משהו חדש כמעט כל יום, בעיקר סבלנות.',
          'loves-4':
            'הכוס הראשונה של מאטה במרפסת, לפני שהטלפון מתחיל לצלצל. עשר דקות של שקט, בולבולים על הלימון ועיתון שאני מחזיקה ביד ולא באמת קוראת.',
        },
        publish: true,
      },
      {
        questionId: 'work',
        texts: {
          'work-2':
            'רציתי להיות רופאה. בגיל שבע-עשרה עזרתי לבת של השכנים בחשבון, ובערב היא הביאה לי ציור של שתינו, ומעליו כתוב "מורה" באותיות עקומות. הבנתי שמצאתי את הדרך שלי. למדתי בסמינר בחיפה ולימדתי ארבעים ושתיים שנים, רובן בכיתות ג׳ ו-ד׳.',
          'work-4':
            'היה ילד אחד, גיל, שעד אמצע כיתה ג׳ לא הצליח לקרוא. ישבנו יחד בכל הפסקה גדולה עם ספר על כלב שהלך לאיבוד. ביום שבו הוא קרא לבד את העמוד האחרון, הוא קם, ניגש ללוח וכתב בגיר: "הכלב חזר הביתה". כל הכיתה מחאה כפיים, ואני הסתובבתי לחלון כדי שלא יראו שאני בוכה מרוב שמחה.',
        },
        publish: false,
      },
    ],
    posts: [
      {
        key: 'ester-letters',
        title: 'ארבעים ושניים מחזורים וקופסת נעליים אחת',
        content: html(
          '<p>בארון שבחדר העבודה שלי יש קופסת נעליים ישנה, מהסוג שכבר לא מייצרים, עם מכסה שמתפרק בפינות. בתוכה שמורים ארבעים ושניים מחזורים של תלמידים: מכתבי פרידה מסוף השנה, ציורים של מורה עם שיער מתולתל מדי, פתקים שהונחו לי על השולחן בהפסקה ("המורה, שכחת את המשקפיים בחדר המורים").</p>',
          '<p>באביב האחרון הזמינו אותי למפגש מחזור של הכיתה הראשונה שלימדתי, ג׳2 משנת 1970. נכנסתי לאולם, ראיתי חבורה של אנשים עם שיער אפור וחשבתי לרגע שטעיתי בדלת. ואז מישהו צעק "המורה אסתר!", ופתאום כולם היו שוב בני תשע.</p>',
          '<p>אחד מהם, רפי, שהיום הוא בעצמו סבא לשלושה, הוציא מהארנק דף מקופל לארבע. זה היה מבחן הכתבה שלו, עם שש טעויות, ובראש הדף כתבתי בעט ירוק: <strong>"כמעט! בפעם הבאה זה שלך."</strong> הוא סיפר ששמר את הדף חמישים וחמש שנים, כי זו הייתה הפעם הראשונה שמבוגר אמר לו שהוא קרוב למשהו, ולא רחוק ממנו.</p>',
          '<p>אני לא זוכרת שכתבתי את זה, וזה בדיוק העניין. מורים אומרים אלפי משפטים ביום, ורובם נעלמים באוויר. אבל יש משפט אחד, לפעמים חצי משפט, שנוחת בדיוק במקום הנכון אצל הילד הנכון.</p>',
          '<h3>מה למדתי מהקופסה</h3>',
          '<ul>',
          '<li>עט ירוק במקום אדום. זה נשמע קטן, וזה לא.</li>',
          '<li>לכתוב "כמעט" בכל פעם שזה נכון.</li>',
          '<li>לשמור כל פתק. יום אחד מישהו יבוא ויזכיר לך מי היית.</li>',
          '</ul>',
          '<p>כשחזרתי הביתה מהמפגש, הוספתי לקופסה את התמונה הקבוצתית שצילמנו. המכסה כבר כמעט לא נסגר, ואני חושבת שזה סימן טוב.</p>',
        ),
        credit: 'מהאלבום המשפחתי',
        destination: 'magazine',
        picture: { scene: 'garden', colours: ['#5b7f3a', '#f4e1a1'] },
      },
      {
        key: 'ester-alfajores',
        title: 'אלפחורס של יום שישי',
        content: html(
          '<p>בכל יום שישי בעשר בבוקר המטבח שלי הופך לסניף קטן של בואנוס איירס. הנכדות מגיעות, קושרות סינרים גדולים עליהן בשתי מידות, ואנחנו אופות אלפחורס: עוגיות חמאה רכות עם ריבת חלב באמצע וקוקוס מסביב.</p>',
          '<p>את המתכון קיבלתי מאמא שלי, שקיבלה אותו מהשכנה שלנו, דוניה פילאר. היא לימדה את אמא לאפות אלפחורס, ובתמורה למדה ממנה להכין קרפלך. ככה זה עבד אצלנו בשכונה: מתכון תמורת מתכון, ואף אחד לא כתב כלום.</p>',
          '<p>מה צריך:</p>',
          '<ul>',
          '<li>הרבה עמילן תירס, יותר ממה שנראה הגיוני</li>',
          '<li>חמאה רכה וקצת קליפת לימון מהעץ בחצר</li>',
          '<li>צנצנת ריבת חלב, שאף פעם לא מספיקה, כי חצי ממנה נאכל עוד לפני המריחה</li>',
          '<li>קוקוס, וסבלנות</li>',
          '</ul>',
          '<p>מאיה, בת העשר, אחראית על המריחה, והיא לוקחת את התפקיד ברצינות של מנתחת. נגה, בת השש, אחראית על הקוקוס, כלומר על הרצפה. בסוף הבוקר המטבח לבן, הידיים דביקות, ולפחות שלוש עוגיות נעלמות בדרך מהתבנית לצלחת.</p>',
          '<p>אמא שלי הייתה אומרת שאלפחורס טובים מתפוררים בפה ולא ביד. אני עדיין לא בטוחה שאני מצליחה בזה. אבל כשמאיה נוגסת, עוצמת עיניים ואומרת "זה הטעם של יום שישי", אני יודעת שמשהו עבר הלאה.</p>',
        ),
        credit: 'צילום: מאיה, הנכדה',
        destination: 'profile',
        picture: { scene: 'city', colours: ['#c97b63', '#fbe7c6'] },
      },
    ],
  },

  // A second-generation baker in Be'er Sheva.
  {
    key: 'amnon',
    language: 'he',
    firstname: 'אמנון',
    lastname: 'דהן',
    gender: 'male',
    birthdate: '1967-09-02',
    country: 'IL',
    moto: 'בצק טוב לא ממהר, וגם אני לא',
    aboutMe: 'אופה מבאר שבע, דור שני ליד אותו תנור',
    websiteLink: 'https://dahan-bakery.example',
    colours: ['#8c5a2b', '#f6e3c5'],
    answers: [
      {
        questionId: 'roots',
        texts: {
          'roots-1':
            'נולדתי בבאר שבע, בשכונה ד׳, שנה אחרי שאבא פתח את המאפייה. ההורים שלי עלו ממקנס שבמרוקו, ובהתחלה שלחו אותם לדימונה. אבא עבד שם חצי שנה במאפייה של מישהו אחר, עד שיום אחד אמר לאמא שהגיע הזמן שיהיה לו תנור משלו. ככה הגענו לבאר שבע, עם שני ילדים, שק קמח ומזוודה אחת.',
          'roots-2':
            'כשהבית שלך נמצא מעל מאפייה, לא צריך שעון מעורר: בשלוש לפנות בוקר הריח של הבצק עולה במדרגות. ארוחות שישי היו ארוכות ורועשות, שבעה אחים ועוד שכנים שתמיד "רק עברו ליד". החוק היחיד שאבא באמת הקפיד עליו: לחם לא זורקים. מה שנשאר הפך לפודינג, לקרוטונים או לאוכל לציפורים.',
          'roots-3':
            'הסיפור שחוזר אצלנו בכל חג הוא על הלילה שבו התנור הגדול התקלקל, ערב ראש השנה, ואבא אפה מאתיים חלות בתנורים של השכנים. חצי שכונה הסתובבה ברחוב באמצע הלילה עם תבניות ביד. אמא תמיד אומרת שבלילה ההוא השכונה הפכה למשפחה.',
        },
        publish: true,
      },
      {
        questionId: 'places',
        texts: {
          'places-1':
            'המדרגה השלישית בכניסה למאפייה. שם ישבתי עם כוס תה עם נענע והסתכלתי על העיר מתעוררת: הפועלים שבאו לקחת לחמניות, המורה שלי מכיתה א׳ שתמיד קנתה שתי פיתות, והרוח של הבוקר שעוד לא הספיקה להתחמם.',
          'places-2':
            'היינו רוכבים באופניים עד הנחל בקצה העיר, מחפשים חרסים ישנים ומתחרים מי יעז להתקרב ראשון לחור של עקרב. אף פעם לא ראינו שם עקרב אחד, אבל כל פעם חזרנו הביתה גיבורים, מאובקים עד הברכיים.',
          'places-4':
            'הבית שלי הוא עדיין המאפייה. שיפצנו אותה פעמיים, והתנור הישן של אבא כבר מזמן לא כאן, אבל כשאני פותח את הדלת באמצע הלילה ומדליק את האור, אני שוב הילד על המדרגה.',
        },
        publish: false,
      },
      {
        questionId: 'loves',
        texts: {
          'loves-3':
            'יום טוב מתחיל בשתיים וחצי בלילה עם בצק שתפח בדיוק כמו שצריך. בשבע כבר יש תור, ואני מכיר את רוב האנשים בשמם ויודע מי אוהב את הלחם שלו שרוף קצת. בצהריים אני ישן שעתיים, ובערב אני יושב עם מירב, אשתי, על הספסל מול הבית, ואנחנו נותנים ציון לשקיעה מאחת עד עשר. פה בנגב היא כמעט תמיד מקבלת תשע.',
          'loves-5':
            'לפני שלוש שנים הבן שלי לימד אותי לצלם בטלפון, ומאז אני מצלם לחמים כמו שאחרים מצלמים נכדים. יש לי אלבום שלם רק של קרום, ואני לא מתבייש בזה.',
        },
        publish: true,
      },
    ],
    posts: [
      {
        key: 'amnon-night',
        title: 'שלוש לפנות בוקר: מה קורה במאפייה כשהעיר ישנה',
        content: html(
          '<p>אנשים שואלים אותי איך אני קם כל לילה בשתיים וחצי. האמת היא שאחרי שלושים שנה הגוף פשוט קם לבד. השאלה האמיתית היא איך הולכים לישון בתשע בערב, כשכל השכונה עוד יושבת בחוץ.</p>',
          '<p>ככה נראה לילה רגיל אצלנו במאפייה:</p>',
          '<ol>',
          '<li><strong>02:30</strong> – מדליק את האור, את הרדיו ואת התנור, בדיוק בסדר הזה. קפה שחור, בלי סוכר.</li>',
          '<li><strong>03:00</strong> – הבצק מאתמול, שתפח לאט כל הלילה במקרר, יוצא לעבודה. אני לוחץ עליו עם האצבע ויודע מיד אם היום יהיה טוב.</li>',
          '<li><strong>03:30</strong> – חיים, העובד הוותיק שלי, מגיע ומספר לי את החלום שלו. כבר שלושים שנה הוא מספר לי חלומות, ועוד לא היה אחד משעמם.</li>',
          '<li><strong>04:30</strong> – הפיתות הראשונות נכנסות לתנור ותופחות כמו בלונים. זה עדיין הרגע שאני הכי אוהב.</li>',
          '<li><strong>05:45</strong> – לחמניות הזעתר, ואחריהן הבורקסים לגננות מהגן ממול.</li>',
          '<li><strong>06:10</strong> – נועה, אחות מחדר הלידה, נכנסת אחרי משמרת לילה. היא תמיד לוקחת פיתה אחת חמה ואוכלת אותה עוד בדרך לאוטו.</li>',
          '</ol>',
          '<p>בשבע כבר יש תור, והריח מגיע עד הכיכר. אבל הרגע שלי הוא באמצע הלילה, כשהעיר שקטה ורק אני והתנור ערים. אבא שלי היה אומר שבלילה הלחם מקשיב, ולכן אסור לצעוק במאפייה. אני לא בטוח שהוא צדק, אבל אני עדיין לא צועק.</p>',
          '<p>אם יוצא לכם להיות ערים בשעה כזאת, תקפצו. האור אצלנו דולק.</p>',
        ),
        credit: 'צילום: אמנון דהן',
        destination: 'magazine',
        picture: { scene: 'night', colours: ['#1b2a4a', '#f3b562'] },
      },
    ],
  },

  // A delivery-room nurse who grew up on a kibbutz in the Galilee and fell for the desert.
  {
    key: 'noa',
    language: 'he',
    firstname: 'נועה',
    lastname: 'ברק',
    gender: 'female',
    birthdate: '1991-06-23',
    country: 'IL',
    moto: 'לנשום עמוק, ולשים עוד קומקום',
    aboutMe: 'אחות בחדר לידה, קיבוצניקית שהתאהבה במדבר',
    colours: ['#2f6f6a', '#b8e0d2'],
    answers: [
      {
        questionId: 'roots',
        texts: {
          'roots-2':
            'גדלתי בקיבוץ קטן בגליל העליון, בתקופה שבה ילדים כבר ישנו אצל ההורים אבל עדיין בילו את רוב היום בבית הילדים. ארוחת ערב אכלנו בחדר האוכל, מאות אנשים ורעש של מגשים, ואני הייתי בטוחה שכל המבוגרים שם הם סוג של דודים. ובבית היו שתיקות טובות: אבא קורא, אמא פותרת תשבץ, ואני על השטיח עם הכלב.',
          'roots-5':
            'את רוב הימים העברתי בין הלול לפרדס. פחדתי בעיקר מהאווזים של הקיבוץ, שהיו רודפים אחרינו עד השער. והכי הצחיק אותי אח שלי הגדול, שהיה מחקה את מזכיר הקיבוץ, עד שיום אחד המזכיר בעצמו ביקש ממנו לעשות את זה על הבמה במסיבת סוף השנה.',
        },
        publish: true,
      },
      {
        questionId: 'places',
        texts: {
          'places-3':
            'לבאר שבע עברתי בשביל הלימודים, ותכננתי להישאר שלוש שנים בדיוק. זה היה לפני עשר שנים. השארתי מאחור את הירוק ואת הגשם, וקיבלתי במקומם שמיים ענקיים ושקיעות שאף אחד בגליל לא מאמין לי כשאני מתארת אותן.',
          'places-4':
            'הבית שלי היום הוא דירה קטנה בקומה רביעית בלי מעלית, עם מרפסת שרואים ממנה איפה המדבר מתחיל. אחרי משמרת לילה אני יושבת שם עם תה ומסתכלת על האור שנשפך על הגבעות. שם הבנתי שאפשר להתאהב במקום כמו שמתאהבים באדם: לאט, ובלי לשים לב.',
        },
        publish: false,
      },
    ],
    posts: [
      {
        key: 'noa-nightshift',
        title: 'מה שלמדתי ממשמרות לילה בחדר לידה',
        content: html(
          '<p>בשנה הראשונה שלי בחדר לידה, אחות ותיקה בשם שולה אמרה לי: "בלילה הכול קורה לאט, עד שפתאום הכול קורה מהר." לקח לי זמן להבין כמה היא צדקה. הנה כמה דברים שלמדתי מאז, בין חצות לשש בבוקר.</p>',
          '<ul>',
          '<li><strong>תמיד יש זמן לעוד כוס תה.</strong> גם בלילות הכי עמוסים. חמש דקות עם כוס חמה ביד מחזירות את הראש למקום.</li>',
          '<li><strong>אבות צריכים משימה.</strong> אבא שעומד בפינה ומחכה נהיה הלחוץ ביותר בחדר. אבא שמחזיק מגבת, סופר נשימות או אחראי על המוזיקה הוא אבא רגוע.</li>',
          '<li><strong>הידיים יודעות לפני הראש.</strong> אחרי כמה שנים מרגישים שמשהו משתנה עוד לפני שהמוניטור מצפצף.</li>',
          '<li><strong>הבכי הראשון הוא הצליל הכי יפה שיש.</strong> שמעתי אותו מאות פעמים, ועדיין בכל פעם כל החדר נושם יחד.</li>',
          '<li><strong>לנשום עמוק, ולשים עוד קומקום.</strong> זה המוטו שלי, ושל חצי מהמחלקה.</li>',
          '</ul>',
          '<p>הרגע שאני הכי אוהבת מגיע דווקא אחרי: כשהחדר מתרוקן, האמא נרדמת, התינוק שוכב לה על החזה והאור הראשון נכנס מהחלון. יש שקט מיוחד בחדר שבו מישהו חדש הגיע לעולם.</p>',
          '<p>בשש אני מעבירה משמרת, יוצאת לרחוב שכבר מתחיל להתחמם ועוצרת במאפייה של אמנון. פיתה חמה, שמיים ורודים מעל המדבר ונסיעה הביתה עם חלון פתוח. יש עבודות שמתעייפים מהן. אצלי, ברוב הבקרים, גם העייפות מרגישה כמו מתנה.</p>',
        ),
        credit: 'צילום: נועה ברק',
        destination: 'profile',
        picture: { scene: 'desert', colours: ['#e07a5f', '#f7d6bf'] },
      },
    ],
  },

  // A retired dressmaker on the Welsh coast who took up sea swimming at seventy-two.
  {
    key: 'margaret',
    language: 'en',
    firstname: 'Margaret',
    lastname: 'Pryce',
    gender: 'female',
    birthdate: '1944-02-11',
    country: 'GB',
    moto: 'Cold water, warm friends, hot tea after.',
    aboutMe: 'Dressmaker, gran of four, swims in the sea',
    colours: ['#1f4e79', '#9fc5e8'],
    answers: [
      {
        questionId: 'roots',
        texts: {
          'roots-1':
            "I was born in a terraced house in a little harbour town in Pembrokeshire, in the back bedroom, because the snow was too deep for the midwife's bicycle and she had to come on foot. My father's family had fished out of that harbour for as long as anyone could remember, and my mother came from a farm three miles inland. She always said she married him for his singing voice and found out too late that he only knew four songs.",
          'roots-2':
            'Our kitchen was really the whole house. The range was always lit, there was nearly always a pan of cawl on it, and the wireless went on for the news and straight off again, because my mother said too much chatter was bad for the brain. Sundays were for best clothes and a walk along the cliff, whatever the weather.',
          'roots-4':
            "I still say cwtch for a cuddle, and my grandchildren in Bristol say it too now, which pleases me no end. I kept my mother's habit of never leaving the house without a hanky up my sleeve, and her Welsh cakes, which I won't write down because she never did.",
        },
        publish: true,
      },
      {
        questionId: 'places',
        texts: {
          'places-1':
            "The smell of the harbour at low tide: seaweed, diesel and somebody's breakfast frying. And the halyards clinking against the masts, which I still hear in my head when I can't sleep. It's a better lullaby than any I sang to my own children.",
          'places-5':
            "For our tenth anniversary, in 1969, my husband Gareth took me to Paris for three days. We couldn't afford much, so we walked everywhere and ate bread and cheese by the river. I bought a length of blue silk from a tiny shop near a market and didn't dare cut into it for thirty years. In the end it became the dress I wore to my daughter's wedding.",
        },
        publish: false,
      },
      {
        questionId: 'loves',
        texts: {
          'loves-5':
            "I started swimming in the sea at seventy-two, after my friend Glenys dared me on New Year's Day. I went in up to my knees, screamed, and came out laughing harder than I had in years. Now there are eleven of us, most mornings, all year round. We call ourselves the Dawn Dippers, though in winter we are more the Half-Past-Nine Dippers.",
          'loves-2':
            'A radio play I heard when I was twelve, about a seaside town very like ours, read by a man with a voice like warm treacle. I have never managed to find it again, and I have stopped looking, because I am quite sure it is better in my memory.',
        },
        publish: true,
      },
    ],
    posts: [
      {
        key: 'margaret-sea',
        title: 'Never too late for cold water: notes from a Welsh harbour',
        content: html(
          "<p>Nine years ago, on New Year's Day, my friend Glenys looked at me over a pot of tea and said, “You've never been in that sea properly in your life, have you, Margaret?” She was right. I had lived beside it for seventy-two years and only ever paddled. So at eleven o'clock, in a borrowed costume and a woolly hat, I walked into the harbour in front of half the town.</p>",
          '<p>I got as far as my knees, shrieked loud enough to frighten the gulls, and then, because Glenys was watching, went all the way under. I came out gasping and laughing, and I have not really stopped since.</p>',
          '<h3>What the cold water has taught me</h3>',
          '<ul>',
          "<li><strong>You can't think about anything else.</strong> For those first thirty seconds there is no shopping list and no fretting about the grandchildren's exams, just breathing.</li>",
          '<li><strong>Bodies are cleverer than we give them credit for.</strong> My knees complain on the stairs, but in the water they are twenty again.</li>',
          '<li><strong>Company matters more than courage.</strong> There are eleven of us now, aged thirty-four to eighty-six, and not one of us would go in alone in February.</li>',
          '<li><strong>The tea afterwards is the best part.</strong> We take turns bringing the flask and the Welsh cakes, and the conversation on the slipway beats any café.</li>',
          '</ul>',
          "<p>People ask whether I'm brave. I'm not, really. I'm stubborn, and I love the way the world looks from the water at half past eight in the morning: the painted houses along the harbour wall, the boats nodding, a heron on the rocks pretending not to see us.</p>",
          "<p>If you have been putting something off because you think you've left it too late, I would like to tell you that you almost certainly haven't. Take a friend. Take a flask. Go in slowly, and come out laughing.</p>",
        ),
        credit: 'Photo: Glenys, from the slipway',
        destination: 'magazine',
        picture: { scene: 'sea', colours: ['#1f4e79', '#f6d7a7'] },
      },
      {
        key: 'margaret-buttons',
        title: "My mother's button tin",
        content: html(
          "<p>On the shelf above my sewing machine there is a tin that once held shortbread and has held buttons for as long as I can remember. It was my mother's before it was mine, and she never threw a button away in her life. Neither have I.</p>",
          "<p>When my granddaughter Ffion stays with me, the first thing she asks for is the button tin. We tip it out onto the kitchen table and sort: by colour, by size, and into “ones with a story” and “ones without”. The second pile is always smaller than you'd think.</p>",
          '<ul>',
          "<li>A brass button with an anchor on it, from my father's good jacket, which he wore to every wedding and every dance in the town for thirty years.</li>",
          '<li>Three tiny pearl buttons from the first dress I ever made, at fourteen. It was too tight under the arms and I wore it proudly all summer anyway.</li>',
          '<li>A red button shaped like a ladybird, from the coat my son refused to take off for the whole of 1975.</li>',
          '<li>A green glass one nobody can place, which Ffion has decided belonged to a princess.</li>',
          '</ul>',
          "<p>I've made dresses for brides, uniforms for half the town's schoolchildren and curtains for more kitchens than I can count, and nearly every job left a button or two behind. So the tin is a sort of diary, written in a language only I could read. Until Ffion started learning it.</p>",
          "<p>She's nine, and last week she sewed a button onto her teddy's waistcoat, knotting the thread twice the way I showed her. The tin will go to her one day. I think she knows, and I think she'll add to it.</p>",
        ),
        credit: 'Family album',
        destination: 'profile',
        picture: { scene: 'hills', colours: ['#6b8f71', '#e8d5b7'] },
      },
    ],
  },

  // A Canadian water engineer who moved to Israel with his family.
  {
    key: 'ben',
    language: 'en',
    firstname: 'Ben',
    lastname: 'Adler',
    gender: 'male',
    birthdate: '1979-04-30',
    country: 'IL',
    moto: 'Ask the silly question. Then ask it in Hebrew.',
    aboutMe: 'Water engineer from Toronto, learning Hebrew',
    websiteLink: 'https://ben-adler.example',
    colours: ['#3d5a80', '#ee6c4d'],
    answers: [
      {
        questionId: 'roots',
        texts: {
          'roots-1':
            'I was born in Toronto, in a hospital my mother could see from her office window, which she always said made the commute very convenient. My grandparents had come over from England after the war looking for space, and they found it in a suburban bungalow with a lawn my grandfather mowed twice a week whether it needed it or not.',
          'roots-5':
            'Winters were for hockey on the outdoor rink at the end of our street, where I was reliably the worst player and had the best time. I was scared of the furnace in the basement, which made a noise like a dragon clearing its throat. Nothing made me laugh like my dad parallel parking while commentating on it like a sports announcer.',
        },
        publish: false,
      },
      {
        questionId: 'places',
        texts: {
          'places-3':
            "Moving to Israel at thirty-seven was the big one. My wife Tal grew up here, and we'd always said “one day”. One day arrived when our daughter was four. I left behind snow, a job I knew inside out and the ability to understand what people were saying to me in a shop. I gained a lot of sunshine, a very loud extended family and a thorough education in humility.",
          'places-4':
            "Home is our balcony on a Friday afternoon: the neighbours' kids shouting in two languages, somebody's grill going, Tal's parents arriving with far too much food. I didn't choose the place so much as it slowly adopted me.",
        },
        publish: true,
      },
      {
        questionId: 'loves',
        texts: {
          'loves-1':
            "I lose all sense of time fixing bikes. It started when I was twelve and took my sister's bike apart to see how the gears worked, then couldn't put it back together. She has forgiven me, mostly. These days I fix bikes for half the kids in our building, and I've learned more Hebrew in the stairwell than in any class.",
          'loves-4':
            'The first coffee on a Saturday morning, before anyone else is up, with the window open and the birds going wild in the fig tree outside. Ten minutes that are entirely mine.',
        },
        publish: false,
      },
    ],
    posts: [
      {
        key: 'ben-hebrew',
        title: 'Learning Hebrew at forty: my favourite mistakes so far',
        content: html(
          '<p>When we moved from Toronto to Israel, I was thirty-seven and my Hebrew consisted of “thank you”, “excuse me” and the names of about nine foods. Tal, my wife, promised it would come naturally. It has come, but naturally is not the word I would use. Here, with some pride, are my greatest hits.</p>',
          '<ol>',
          '<li><strong>The broken weather.</strong> In my first month at work I announced in a meeting that the weather was broken and we needed to call a technician. The words for weather (<em>mezeg avir</em>) and air conditioner (<em>mazgan</em>) are cousins, and I introduced them to each other in front of twelve engineers.</li>',
          "<li><strong>Talking like my wife.</strong> Hebrew verbs change depending on whether you're a man or a woman. I learned most of mine from Tal, so for a whole year I told people I was tired, hungry and late in the feminine. Nobody corrected me. They just smiled very warmly.</li>",
          "<li><strong>Visiting or criticising?</strong> I told my son's teacher I'd love to come and <em>levaker</em> the class. It turns out the same verb means both “to visit” and “to criticise”. She was very polite about it, but she did tidy the room.</li>",
          "<li><strong>Rega.</strong> It means “a moment”. It can mean five seconds, or it can mean next Tuesday. Context is everything, and I still don't have the context.</li>",
          '</ol>',
          '<p>What I have really learned is that people here are extraordinarily patient with a struggling speaker, and almost too helpful: the second I hesitate, they switch to English. These days I ask them, politely, to switch back. My sentences are still slow, but they are mine.</p>',
          "<p>My daughter is thirteen now and speaks Hebrew as if she was born to it, which she more or less was. She corrects me at dinner, and I let her, because watching her enjoy being the teacher is worth every mistake I've made.</p>",
        ),
        credit: 'Photo: Tal Adler',
        destination: 'magazine',
        picture: { scene: 'city', colours: ['#3d5a80', '#f2cc8f'] },
      },
      {
        key: 'ben-bikes',
        title: 'The Friday bike clinic in our stairwell',
        content: html(
          '<p>It started by accident. Two summers ago a boy from the third floor, Itamar, was sitting on the stairs holding his bike chain the way you would hold a snake. I offered to help, mostly with gestures. Twenty minutes later the chain was back on, and the next Friday there were three bikes waiting outside our door.</p>',
          "<p>Now it's a fixture. Every Friday from about two o'clock, I carry my toolbox down to the entrance hall and the kids of the building bring whatever is rattling, squeaking or refusing to move. The rules are simple:</p>",
          '<ul>',
          "<li>You don't just drop your bike off. You stay and get your hands dirty.</li>",
          '<li>Whoever fixes something teaches the next person how.</li>',
          '<li>Everyone pumps their own tyres. No exceptions, not even for the five-year-olds.</li>',
          '</ul>',
          "<p>I've learned a ridiculous amount of Hebrew this way. Not the Hebrew from my classes but the real kind: the words for spokes and brake pads, and some impressive slang that I've been told never to use at work. The kids find my accent hilarious and have appointed themselves my teachers.</p>",
          '<p>Itamar is twelve now and fixes a puncture faster than I do. Last month I came down late and found him already running the clinic, showing two smaller kids how to find a leak with a bowl of water. I sat on the stairs and watched, and it was one of the best afternoons I have had since we moved here.</p>',
        ),
        credit: 'Photo: Ben Adler',
        destination: 'profile',
        picture: { scene: 'hills', colours: ['#81b29a', '#f4f1de'] },
      },
    ],
  },

  // A young double-bass player in a folk trio in Hobart.
  {
    key: 'sam',
    language: 'en',
    firstname: 'Sam',
    lastname: 'Whitlock',
    gender: 'non-binary',
    birthdate: '2001-11-08',
    country: 'AU',
    moto: 'Play the wrong note loudly, then make it right.',
    aboutMe: 'Double bass, folk trio, too many houseplants',
    websiteLink: 'https://sam-whitlock.example',
    colours: ['#6a4c93', '#ffca3a'],
    answers: [
      {
        questionId: 'roots',
        texts: {
          'roots-2':
            'Our house was never quiet. Mum taught piano in the front room, so from three till six there was a steady parade of kids playing the same eight bars slightly wrong. Dinner was late and loud, and the only rule was that whoever cooked did not wash up. The silences were rare and usually meant somebody had eaten the last of the good cheese.',
          'roots-3':
            "The family story is about my great-grandmother, who won a fiddle in a raffle at a country dance in 1931, taught herself to play it by ear and was still playing it at her ninetieth birthday. That fiddle hangs on my wall now. I can't play it well, but I tune it every Sunday, because it seems rude not to.",
        },
        publish: true,
      },
      {
        questionId: 'places',
        texts: {
          'places-2':
            "Whenever I was free I went down to the rocks below our street, where the river meets the bay. I'd take a notebook and pretend to be a scientist, counting crabs and writing down the colours of the water. Mostly I found shells, a lot of sunburn and, eventually, the habit of sitting still long enough to hear things.",
          'places-4':
            "Home is the back room of a rented weatherboard house I share with two other musicians, where the double bass takes up more space than my bed. It's cold, the floor creaks in a very particular key, and on a good night there are six people in the kitchen singing harmonies over the dishes.",
        },
        publish: false,
      },
    ],
    posts: [
      {
        key: 'sam-market',
        title: 'What busking at the Saturday market taught me about listening',
        content: html(
          '<p>Every Saturday morning for the last three years, my trio has played at the waterfront market, between a stall selling honey and a man who sharpens knives. I play double bass, Jess plays fiddle, and Owen sings and plays a guitar held together with tape and optimism.</p>',
          '<p>Busking is a strange school. Nobody has bought a ticket, so nobody owes you any attention. You earn every listener one at a time, and you find out very quickly what works.</p>',
          '<h3>The regulars</h3>',
          '<ul>',
          "<li>An old man in a tweed cap who stops at ten past ten, asks for the same waltz, listens with his eyes closed and leaves without a word. He hasn't missed a week.</li>",
          '<li>A toddler in gumboots who dances exactly off the beat, with total conviction. She is our best advertising.</li>',
          '<li>A woman who once dropped a lemon into the bass case instead of a coin, said “for your throat, love”, and walked off. We still talk about the lemon.</li>',
          '</ul>',
          "<p>What I've learned is that the playing is maybe half of it. The rest is listening: to the crowd, to the weather, to the knife-sharpener's rhythm, which we sometimes join in with. When I play a proper gig now, in a dark room with everyone sitting down, I miss the noise. I'm starting to think music was never meant to happen in silence.</p>",
          '<p>If you are ever at the market on a Saturday, come and say hello. Requests welcome. Lemons too.</p>',
        ),
        credit: 'Photo: Jess, our fiddle player',
        destination: 'profile',
        picture: { scene: 'sea', colours: ['#6a4c93', '#ffd6a5'] },
      },
    ],
  },
];

export const DEMO_COMMENTS: readonly DemoComment[] = [
  {
    key: 'c1',
    post: 'ester-letters',
    author: 'noa',
    message:
      'אסתר, קראתי ונזכרתי במורה שלי מכיתה ב׳, שכתבה לי פעם על דף עבודה "יש לך ידיים טובות". אולי בגלל זה הגעתי לסיעוד. מחר אני מחפשת את הטלפון שלה.',
  },
  {
    key: 'c2',
    post: 'ester-letters',
    author: 'ester',
    replyTo: 'c1',
    message:
      'נועה, תחפשי ותתקשרי. אני מבטיחה לך שזה יעשה לה את השבוע, ואולי את כל השנה. מורים כמעט אף פעם לא יודעים מה נשאר מהם.',
  },
  {
    key: 'c3',
    post: 'ester-letters',
    author: 'margaret',
    message:
      "What a treasure that shoebox must be. I've kept every thank-you card my dressmaking customers ever sent me, and on grey afternoons I still read a few. The green pen is a lovely idea.",
  },
  {
    key: 'c4',
    post: 'amnon-night',
    author: 'noa',
    message:
      'אני יכולה להעיד: הפיתה של שש ועשרה היא הדבר הכי טוב שקורה לי אחרי משמרת. ותודה שאף פעם לא שאלת למה אני נראית כמו שאני נראית בשעה כזאת.',
  },
  {
    key: 'c5',
    post: 'amnon-night',
    author: 'amnon',
    replyTo: 'c4',
    message:
      'נועה, בשבילך תמיד שמורה פיתה אחת בצד, חמה. אתם בחדר לידה עובדים קשה יותר מכולנו, אני רק מתעסק עם בצק.',
  },
  {
    key: 'c6',
    post: 'amnon-night',
    author: 'ben',
    message:
      "I read this slowly with a dictionary open and it took most of my lunch break. Worth every minute. Next time we're down south, the kids and I are coming to find the light that's on at three in the morning.",
  },
  {
    key: 'c7',
    post: 'amnon-night',
    author: 'amnon',
    replyTo: 'c6',
    message:
      'בן, אתם מוזמנים! תגיד שאתה מהאתר ותקבלו לחמניות זעתר על חשבון הבית. ועל העברית – קראת טקסט שלם, זה כבר יותר ממה שהבן שלי עושה.',
  },
  {
    key: 'c8',
    post: 'margaret-sea',
    author: 'sam',
    message:
      'This made me want to run straight into the ocean, which in Hobart in July would be a bold choice. Maybe I will start in January. Greetings to the Dawn Dippers from the far side of the world!',
  },
  {
    key: 'c9',
    post: 'margaret-sea',
    author: 'margaret',
    replyTo: 'c8',
    message:
      "Sam, January counts, don't let anyone tell you otherwise. Take a friend and a flask, go in slowly, and send me a full report.",
  },
  {
    key: 'c10',
    post: 'margaret-sea',
    author: 'ester',
    message:
      'מרגרט, את השראה. אני לא נכנסת לים כשהמים מתחת לעשרים ושש מעלות, אבל אולי אתחיל בהליכה על החוף בבוקר ונראה לאן זה ייקח אותי.',
  },
  {
    key: 'c11',
    post: 'ben-hebrew',
    author: 'noa',
    message:
      'בן, "מזג האוויר התקלקל, צריך להזמין טכנאי" זה הדבר הכי מצחיק שקראתי השבוע. ובינינו, גם ישראלים מתבלבלים עם "לבקר", אנחנו פשוט לא מודים בזה.',
  },
  {
    key: 'c12',
    post: 'ben-hebrew',
    author: 'ben',
    replyTo: 'c11',
    message:
      'Noa, that genuinely makes me feel better. I am going to tell my daughter, who keeps a list of my mistakes on the fridge.',
  },
  {
    key: 'c13',
    post: 'noa-nightshift',
    author: 'ester',
    message:
      'נועה יקרה, קראתי פעמיים. "לנשום עמוק, ולשים עוד קומקום" – את זה אני גוזרת ותולה על המקרר. איזה מזל יש לאמהות שפוגשות אותך באמצע הלילה.',
  },
  {
    key: 'c14',
    post: 'sam-market',
    author: 'margaret',
    message:
      "The lady with the lemon! I'd like to think I would have done something just as odd at your age, and I probably did. Play the waltz for me next Saturday, would you?",
  },
  {
    key: 'c15',
    post: 'ester-alfajores',
    author: 'amnon',
    message:
      'אסתר, ריבת חלב עם קוקוס מסביב? זה בדיוק מה שחסר לי בחלון הראווה. אם תסכימי, אני מוכן לבוא ללמוד. מבטיח לשמור על הרצפה נקייה.',
  },
  {
    key: 'c16',
    post: 'ester-alfajores',
    author: 'ester',
    replyTo: 'c15',
    message:
      'אמנון, בשמחה, אבל יש תנאי: בתמורה אתה מגלה לי את הסוד של לחמניות הזעתר. מתכון תמורת מתכון, כמו בשכונה של אמא שלי.',
  },
  {
    key: 'c17',
    post: 'margaret-buttons',
    author: 'ester',
    message:
      'מרגרט, גם לי יש קופסה כזאת, של אמא שלי, עם כפתורים מהחליפות שאבא תפר בבואנוס איירס. אף פעם לא חשבתי עליה כעל יומן, ומעכשיו כבר לא אוכל לחשוב עליה אחרת.',
  },
  {
    key: 'c18',
    post: 'ben-bikes',
    author: 'sam',
    message:
      'Rule three is excellent. A bike clinic in the stairwell is exactly the kind of thing that turns a building into a neighbourhood. Itamar sounds like a legend.',
  },
];

export const DEMO_REACTIONS: readonly DemoReaction[] = [
  { post: 'ester-letters', member: 'noa', kind: 'heart' },
  { post: 'ester-letters', member: 'margaret', kind: 'like' },
  { post: 'ester-letters', member: 'amnon', kind: 'clap' },
  { post: 'ester-alfajores', member: 'amnon', kind: 'like' },
  { post: 'ester-alfajores', member: 'noa', kind: 'heart' },
  { post: 'amnon-night', member: 'noa', kind: 'like' },
  { post: 'amnon-night', member: 'noa', kind: 'heart' },
  { post: 'amnon-night', member: 'ben', kind: 'wow' },
  { post: 'amnon-night', member: 'ester', kind: 'clap' },
  { post: 'amnon-night', member: 'sam', kind: 'like' },
  { post: 'noa-nightshift', member: 'ester', kind: 'hug' },
  { post: 'noa-nightshift', member: 'amnon', kind: 'like' },
  { post: 'noa-nightshift', member: 'margaret', kind: 'heart' },
  { post: 'margaret-sea', member: 'sam', kind: 'wow' },
  { post: 'margaret-sea', member: 'ben', kind: 'clap' },
  { post: 'margaret-sea', member: 'noa', kind: 'heart' },
  { post: 'margaret-buttons', member: 'ester', kind: 'heart' },
  { post: 'ben-hebrew', member: 'noa', kind: 'laugh' },
  { post: 'ben-hebrew', member: 'sam', kind: 'laugh' },
  { post: 'ben-hebrew', member: 'amnon', kind: 'like' },
  { post: 'ben-hebrew', member: 'margaret', kind: 'like' },
  { post: 'ben-bikes', member: 'sam', kind: 'clap' },
  { post: 'sam-market', member: 'margaret', kind: 'heart' },
  { post: 'sam-market', member: 'ben', kind: 'like' },
];
