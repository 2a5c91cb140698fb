#include <stdio.h>
// C side of the shim: numbers, dates, relative time, plural rules, locales, currencies.
#include "CICUShim.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/upluralrules.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <unicode/uenum.h>

const char *okicu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }
int okicu_failed(int32_t status) { return U_FAILURE((UErrorCode)status) ? 1 : 0; }
int32_t okicu_buffer_overflow_status(void) { return (int32_t)U_BUFFER_OVERFLOW_ERROR; }

// ICU wants "nb_NO"; callers speak BCP-47 ("nb-NO"). Falls back to the input on failure.
static void icu_id(const char *locale, char out[ULOC_FULLNAME_CAPACITY]) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_forLanguageTag(locale, out, ULOC_FULLNAME_CAPACITY, NULL, &status);
    if (U_FAILURE(status) || length <= 0 || status == U_STRING_NOT_TERMINATED_WARNING) {
        strncpy(out, locale, ULOC_FULLNAME_CAPACITY - 1);
        out[ULOC_FULLNAME_CAPACITY - 1] = 0;
    }
}

int32_t okicu_canonical_locale(const char *locale, char *out, int32_t capacity) {
    char id[ULOC_FULLNAME_CAPACITY];
    icu_id(locale, id);
    int32_t length = (int32_t)strlen(id);
    if (capacity > 0) {
        strncpy(out, id, (size_t)capacity - 1);
        out[capacity - 1] = 0;
    }
    return length;
}

// The language of a BCP-47 or ICU identifier into `language` (ULOC_LANG_CAPACITY); its length, or -1 on failure.
static int32_t icu_language(const char *locale, char *language) {
    char id[ULOC_FULLNAME_CAPACITY];
    icu_id(locale, id);
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getLanguage(id, language, ULOC_LANG_CAPACITY, &status);
    return U_FAILURE(status) ? -1 : length;
}

int okicu_locale_is_known(const char *locale) {
    char language[ULOC_LANG_CAPACITY];
    int32_t length = icu_language(locale, language);
    if (length < 0) return 0;
    if (length == 0 || strcmp(language, "root") == 0) return 1;  // the root locale itself
    int32_t count = uloc_countAvailable();
    for (int32_t i = 0; i < count; i++) {
        const char *available = uloc_getAvailable(i);
        size_t n = strlen(language);
        if (strncmp(available, language, n) == 0 && (available[n] == 0 || available[n] == '_')) return 1;
    }
    return 0;
}

int okicu_locale_has_plural_rules(const char *locale) {
    char language[ULOC_LANG_CAPACITY];
    if (icu_language(locale, language) <= 0) return 0;
    // Where ICU itself finds a locale's plural rules: plurals.res, table "locales", keyed by language.
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *plurals = ures_openDirect(NULL, "plurals", &status);
    UResourceBundle *locales = ures_getByKey(plurals, "locales", NULL, &status);
    int32_t ruleLength = 0;
    (void)ures_getStringByKey(locales, language, &ruleLength, &status);
    int found = U_SUCCESS(status) ? 1 : 0;
    ures_close(locales);
    ures_close(plurals);
    return found;
}

int32_t okicu_available_endonym(int32_t index, int full, uint16_t *out, int32_t capacity, char *language, int32_t languageCapacity) {
    if (index < 0 || index >= uloc_countAvailable()) return -1;
    const char *locale = uloc_getAvailable(index);
    UErrorCode status = U_ZERO_ERROR;
    (void)uloc_getLanguage(locale, language, languageCapacity, &status);
    if (U_FAILURE(status)) return 0;
    int32_t length = full ? uloc_getDisplayName(locale, locale, (UChar *)out, capacity, &status)
                          : uloc_getDisplayLanguage(locale, locale, (UChar *)out, capacity, &status);
    return U_FAILURE(status) || length > capacity ? 0 : length;
}

int32_t okicu_region_name(int32_t index, const char *displayLocale, uint16_t *out, int32_t capacity) {
    const char *const *regions = uloc_getISOCountries();
    for (int32_t i = 0; i < index; i++) {
        if (regions[i] == NULL) return -1;
    }
    if (regions[index] == NULL) return -1;
    char region[16];
    snprintf(region, sizeof region, "und_%s", regions[index]);
    char id[ULOC_FULLNAME_CAPACITY];
    icu_id(displayLocale, id);
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getDisplayCountry(region, id, (UChar *)out, capacity, &status);
    // A name ICU lacks in that language comes back as the code itself, or in root's: no name of the language.
    if (U_FAILURE(status) || length > capacity || status == U_USING_DEFAULT_WARNING) return 0;
    return length;
}

int okicu_currency_is_known(const uint16_t *code) {
    for (int i = 0; i < 3; i++) {
        if (code[i] < 'A' || code[i] > 'Z') return 0;
    }
    UChar iso[4] = {code[0], code[1], code[2], 0};
    UErrorCode status = U_ZERO_ERROR;
    // Any currency ISO 4217 has ever listed, not only those in use today.
    UBool known = ucurr_isAvailable(iso, -8.64e15, 8.64e15, &status);
    return U_SUCCESS(status) && known ? 1 : 0;
}

// MARK: Numbers

struct OKNumberFormatter { UNumberFormat *format; };

OKNumberFormatter *okicu_number_open(const char *locale, int32_t style, const uint16_t *currency,
                                     int32_t minFractionDigits, int32_t maxFractionDigits, int32_t *status) {
    char id[ULOC_FULLNAME_CAPACITY];
    icu_id(locale, id);
    UErrorCode error = U_ZERO_ERROR;
    UNumberFormatStyle icuStyle = style == OKNumberStylePercent ? UNUM_PERCENT
        : style == OKNumberStyleCurrency ? UNUM_CURRENCY : UNUM_DECIMAL;
    UNumberFormat *format = unum_open(icuStyle, NULL, 0, id, NULL, &error);
    if (U_SUCCESS(error) && style == OKNumberStyleCurrency && currency != NULL) {
        unum_setTextAttribute(format, UNUM_CURRENCY_CODE, (const UChar *)currency, 3, &error);
    }
    if (U_SUCCESS(error) && minFractionDigits >= 0) {
        unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, minFractionDigits);
    }
    if (U_SUCCESS(error) && maxFractionDigits >= 0) {
        unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, maxFractionDigits);
    }
    *status = (int32_t)error;
    if (U_FAILURE(error)) {
        if (format) unum_close(format);
        return NULL;
    }
    OKNumberFormatter *formatter = malloc(sizeof *formatter);
    if (!formatter) { unum_close(format); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    formatter->format = format;
    return formatter;
}

int32_t okicu_number_format_double(OKNumberFormatter *formatter, double value,
                                   uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = unum_formatDouble(formatter->format, value, (UChar *)out, capacity, NULL, &error);
    *status = (int32_t)error;
    return length;
}

int32_t okicu_number_format_decimal(OKNumberFormatter *formatter, const char *decimal,
                                    uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = unum_formatDecimal(formatter->format, decimal, (int32_t)strlen(decimal),
                                        (UChar *)out, capacity, NULL, &error);
    *status = (int32_t)error;
    return length;
}

void okicu_number_close(OKNumberFormatter *formatter) {
    if (!formatter) return;
    unum_close(formatter->format);
    free(formatter);
}

// MARK: Dates

struct OKDateFormatter { UDateFormat *format; };

static OKDateFormatter *wrap_date(UDateFormat *format, UErrorCode error, int32_t *status) {
    *status = (int32_t)error;
    if (U_FAILURE(error)) {
        if (format) udat_close(format);
        return NULL;
    }
    OKDateFormatter *formatter = malloc(sizeof *formatter);
    if (!formatter) { udat_close(format); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    formatter->format = format;
    return formatter;
}

static int32_t zone_id(const char *timeZone, UChar *zone, int32_t capacity) {
    u_uastrncpy(zone, timeZone, capacity - 1);
    zone[capacity - 1] = 0;
    return u_strlen(zone);
}

OKDateFormatter *okicu_date_open_styles(const char *locale, const char *timeZone,
                                        int32_t dateStyle, int32_t timeStyle, int32_t *status) {
    char id[ULOC_FULLNAME_CAPACITY];
    icu_id(locale, id);
    UChar zone[128];
    int32_t zoneLength = zone_id(timeZone, zone, 128);
    UErrorCode error = U_ZERO_ERROR;
    UDateFormat *format = udat_open((UDateFormatStyle)timeStyle, (UDateFormatStyle)dateStyle, id,
                                    zone, zoneLength, NULL, 0, &error);
    return wrap_date(format, error, status);
}

OKDateFormatter *okicu_date_open_skeleton(const char *locale, const char *timeZone,
                                          const uint16_t *skeleton, int32_t skeletonLength, int32_t *status) {
    char id[ULOC_FULLNAME_CAPACITY];
    icu_id(locale, id);
    UChar zone[128];
    int32_t zoneLength = zone_id(timeZone, zone, 128);
    UErrorCode error = U_ZERO_ERROR;
    UDateTimePatternGenerator *generator = udatpg_open(id, &error);
    UChar pattern[256];
    int32_t patternLength = 0;
    if (U_SUCCESS(error)) {
        patternLength = udatpg_getBestPattern(generator, (const UChar *)skeleton, skeletonLength,
                                              pattern, 256, &error);
    }
    if (generator) udatpg_close(generator);
    if (U_FAILURE(error)) { *status = (int32_t)error; return NULL; }
    UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, id, zone, zoneLength,
                                    pattern, patternLength, &error);
    return wrap_date(format, error, status);
}

int32_t okicu_date_format(OKDateFormatter *formatter, double millis,
                          uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = udat_format(formatter->format, millis, (UChar *)out, capacity, NULL, &error);
    *status = (int32_t)error;
    return length;
}

void okicu_date_close(OKDateFormatter *formatter) {
    if (!formatter) return;
    udat_close(formatter->format);
    free(formatter);
}

// MARK: Relative time

struct OKRelativeFormatter { URelativeDateTimeFormatter *format; };

OKRelativeFormatter *okicu_relative_open(const char *locale, int32_t width, int32_t *status) {
    char id[ULOC_FULLNAME_CAPACITY];
    icu_id(locale, id);
    UErrorCode error = U_ZERO_ERROR;
    UDateRelativeDateTimeFormatterStyle style = width == 2 ? UDAT_STYLE_NARROW
        : width == 1 ? UDAT_STYLE_SHORT : UDAT_STYLE_LONG;
    URelativeDateTimeFormatter *format = ureldatefmt_open(id, NULL, style,
                                                          UDISPCTX_CAPITALIZATION_NONE, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error)) {
        if (format) ureldatefmt_close(format);
        return NULL;
    }
    OKRelativeFormatter *formatter = malloc(sizeof *formatter);
    if (!formatter) { ureldatefmt_close(format); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    formatter->format = format;
    return formatter;
}

int32_t okicu_relative_format(OKRelativeFormatter *formatter, double offset, int32_t unit, int numeric,
                              uint16_t *out, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = numeric
        ? ureldatefmt_formatNumeric(formatter->format, offset, (URelativeDateTimeUnit)unit,
                                    (UChar *)out, capacity, &error)
        : ureldatefmt_format(formatter->format, offset, (URelativeDateTimeUnit)unit,
                             (UChar *)out, capacity, &error);
    *status = (int32_t)error;
    return length;
}

void okicu_relative_close(OKRelativeFormatter *formatter) {
    if (!formatter) return;
    ureldatefmt_close(formatter->format);
    free(formatter);
}

// MARK: Plural rules

struct OKPluralRules { UPluralRules *rules; };

OKPluralRules *okicu_plural_open(const char *locale, int32_t *status) {
    char id[ULOC_FULLNAME_CAPACITY];
    icu_id(locale, id);
    UErrorCode error = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(id, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error)) {
        if (rules) uplrules_close(rules);
        return NULL;
    }
    OKPluralRules *wrapper = malloc(sizeof *wrapper);
    if (!wrapper) { uplrules_close(rules); *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    wrapper->rules = rules;
    return wrapper;
}

int32_t okicu_plural_select(OKPluralRules *rules, double number, char *out, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar keyword[32];
    int32_t length = uplrules_select(rules->rules, number, keyword, 32, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error)) return 0;
    if (length >= capacity) { *status = U_BUFFER_OVERFLOW_ERROR; return length; }
    u_austrncpy(out, keyword, length);
    out[length] = 0;
    return length;
}

int32_t okicu_plural_categories(OKPluralRules *rules, char *out, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UEnumeration *keywords = uplrules_getKeywords(rules->rules, &error);
    int32_t written = 0;
    const char *keyword;
    int32_t keywordLength = 0;
    while (U_SUCCESS(error) && (keyword = uenum_next(keywords, &keywordLength, &error)) != NULL) {
        if (written + keywordLength + 2 > capacity) { error = U_BUFFER_OVERFLOW_ERROR; break; }
        if (written > 0) out[written++] = ' ';
        memcpy(out + written, keyword, (size_t)keywordLength);
        written += keywordLength;
    }
    if (keywords) uenum_close(keywords);
    if (capacity > 0) out[written < capacity ? written : capacity - 1] = 0;
    *status = (int32_t)error;
    return written;
}

void okicu_plural_close(OKPluralRules *rules) {
    if (!rules) return;
    uplrules_close(rules->rules);
    free(rules);
}
