package model

// The Chinese words the parsers accept in typed answers: with names.go (the
// names of values people read), the only place in model's code that holds
// Chinese (a test in model/text allows these files and no other). English
// spellings stay beside their parsers.

// zhYes and zhNo are Chinese yes and no answers (ParseYesNo).
var (
	zhYes = []string{"是", "对"}
	zhNo  = []string{"否", "不"}
)

// zhCurrencies are Chinese ways to write yuan, tried after asciiCurrencies
// (currencies): the full-width yen sign, 元 and the colloquial 块.
var zhCurrencies = []currencyTok{{"￥", CNY}, {"元", CNY}, {"块", CNY}}

// zhPer is "per" before or inside a budget: "每小时 ¥20", "20元每月".
const zhPer = "每"

// zhHour and zhMonth are the Chinese words for the budget periods.
var (
	zhHour  = []string{"小时", "小時", "时", "時", "钟头"}
	zhMonth = []string{"个月", "個月", "月"}
)

// zhPeriodFirst are the period words tried after a leading 每, longest
// first so that 小时 is not read as 小 + 时.
var zhPeriodFirst = []string{"小时", "小時", "时", "時", "个月", "個月", "月"}

// zhThousand, zhTenThousand and zhHundredMillion are the Chinese
// multipliers 千 (1e3), 万 (1e4) and 亿 (1e8) of a budget amount;
// FormatMoneyIn writes amounts in Chinese with the last two.
const (
	zhThousand       = "千"
	zhTenThousand    = "万"
	zhHundredMillion = "亿"
)

// zhComma and zhSemicolon are the full-width separators Chinese input
// methods type between list items (SplitList).
const (
	zhComma     = '，'
	zhSemicolon = '；'
)

// zhPrecisions are Chinese names of precisions (ParsePrecision),
// lower-cased: "automatic" and "as the checkpoint" for PrecisionAuto,
// "4-bit float" for NVFP4 and "microscaling FP4" for MXFP4.
var zhPrecisions = []entry[string, Precision]{
	{"自动", PrecisionAuto}, {"沿用检查点", PrecisionAuto}, {"检查点格式", PrecisionAuto},
	{"4位浮点", FP4}, {"四位浮点", FP4},
	{"微缩放fp4", MXFP4}, {"微缩放4位浮点", MXFP4},
}

// zhTimeUnits are the Chinese units of a length of time (ParseDuration,
// ParseDeadline, ParseCheckpointInterval) and the unit each means: 3个月,
// 90天, 2周, 2星期, 12小时, 12个小时, 30分钟, 1年; traditional forms too.
// A bare 月 is refused (zhMonthAlone): "3月" is March.
var zhTimeUnits = []entry[string, string]{
	{"分钟", "min"}, {"分鐘", "min"}, {"分", "min"},
	{"小时", "h"}, {"小時", "h"}, {"个小时", "h"}, {"個小時", "h"}, {"钟头", "h"}, {"鐘頭", "h"}, {"个钟头", "h"}, {"個鐘頭", "h"},
	{"天", "d"}, {"日", "d"},
	{"周", "w"}, {"週", "w"}, {"星期", "w"}, {"个星期", "w"}, {"個星期", "w"}, {"礼拜", "w"}, {"禮拜", "w"}, {"个礼拜", "w"}, {"個禮拜", "w"},
	{"个月", "mo"}, {"個月", "mo"},
	{"年", "y"},
}

// zhMonthAlone is 月 without 个: a month of the year ("3月" is March),
// not a length of time.
const zhMonthAlone = "月"

// zhMonthsForms is the fix for a bare 月: the forms of a number of months.
const zhMonthsForms = "个月 for months (3个月), or mo (3mo)"
