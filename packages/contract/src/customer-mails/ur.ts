import type { CustomerMailCatalogue } from "./en";

/** The customer's mails in Urdu (ur-PK): the product's name, codes and links stay as they are. */
export const ur: CustomerMailCatalogue = {
  greeting: "السلام علیکم،",
  verificationCode: {
    subject: "آپ کا {{company}} کوڈ: {{code}}",
    body: "اس ای میل ایڈریس کی تصدیق کے لیے آپ کا کوڈ {{code}} ہے۔ یہ {{minutes}} منٹ تک کارآمد ہے۔\n\nیا یہ لنک کھولیں:\n{{link}}\n\nاگر آپ نے {{company}} پر سائن اپ نہیں کیا تو اس ای میل کو نظر انداز کر دیں۔",
  },
  alreadyRegistered: {
    subject: "کسی نے اس ای میل ایڈریس سے {{company}} پر سائن اپ کرنے کی کوشش کی",
    body: 'کسی نے اس ای میل ایڈریس سے {{company}} اکاؤنٹ بنانے کی کوشش کی، جس کا اکاؤنٹ پہلے سے موجود ہے۔ کوئی نیا اکاؤنٹ نہیں بنایا گیا۔\n\nاگر یہ آپ تھے تو اپنے موجودہ اکاؤنٹ سے سائن اِن کریں، یا "پاس ورڈ بھول گئے؟" استعمال کریں۔ اگر یہ آپ نہیں تھے تو اس ای میل کو نظر انداز کر دیں۔',
  },
  passwordReset: {
    subject: "اپنا {{company}} پاس ورڈ ری سیٹ کریں",
    body: "نیا پاس ورڈ منتخب کرنے کے لیے {{minutes}} منٹ کے اندر یہ لنک کھولیں:\n{{link}}\n\nاگر آپ نے یہ درخواست نہیں کی تو اس ای میل کو نظر انداز کر دیں۔",
  },
  cnicVerified: {
    subject: "آپ کے شناختی کارڈ کی تصدیق ہو گئی ہے",
    body: "ہم نے آپ کا شناختی کارڈ چیک کر لیا ہے: اس کی تصدیق ہو گئی ہے۔",
  },
  cnicRejected: {
    subject: "آپ کے شناختی کارڈ کی تصدیق نہیں ہو سکی",
    body: "ہم آپ کے بھیجے ہوئے شناختی کارڈ کی تصدیق نہیں کر سکے۔\n\nوجہ: {{reason}}\n\nبراہِ کرم اپنے اکاؤنٹ سے اسے دوبارہ بھیجیں۔",
  },
  appointment: {
    yourConsultant: "آپ کے کنسلٹنٹ",
    at: "{{day}} کو {{time}}، {{zoneName}} ({{zone}})",
    inBothZones: "{{consultantTime}}، یعنی آپ کے وقت کے مطابق {{customerTime}}",
    reason: "وجہ: {{reason}}",
    confirmed: {
      subject: "آپ کی اپائنٹمنٹ کی تصدیق ہو گئی ہے",
      body: "{{consultant}} کے ساتھ آپ کی اپائنٹمنٹ کی تصدیق ہو گئی ہے۔ وقت: {{when}}",
    },
    moved: {
      subject: "آپ کی اپائنٹمنٹ کا وقت بدل گیا ہے",
      body: "{{consultant}} کے ساتھ آپ کی اپائنٹمنٹ کا نیا وقت: {{when}}",
    },
    cancelled: {
      subject: "{{day}} کی آپ کی اپائنٹمنٹ منسوخ کر دی گئی ہے",
      body: "{{consultant}} کے ساتھ آپ کی اپائنٹمنٹ منسوخ کر دی گئی ہے۔ وقت: {{when}}",
      bookAgain: "براہِ کرم دوبارہ بُک کریں، یا کوئی سوال ہو تو ہم سے رابطہ کریں۔",
      bookAnotherConsultant:
        "براہِ کرم کسی دوسرے کنسلٹنٹ کے ساتھ دوبارہ بُک کریں، یا کوئی سوال ہو تو ہم سے رابطہ کریں۔",
      contactUs: "کوئی سوال ہو تو براہِ کرم ہم سے رابطہ کریں۔",
    },
    reminder: {
      subject: "یاد دہانی: {{day}} کو آپ کی اپائنٹمنٹ",
      body: "یہ {{consultant}} کے ساتھ آپ کی اپائنٹمنٹ کی یاد دہانی ہے۔ وقت: {{when}}",
      about: "موضوع: {{description}}",
      supportContact: "مدد کے لیے رابطہ: {{contact}}",
    },
  },
};
