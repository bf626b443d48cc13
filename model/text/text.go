// Package text is gpupick's one mechanism for user-visible text: a table
// per package maps typed keys to a Pair (English and Chinese side by
// side), a lookup picks a language and formats with arguments, and Check
// reports every key without both languages or whose two texts take
// different arguments, so that a test fails instead of a screen printing a
// key or "%!d(MISSING)".
//
// A package declares its keys as a typed integer (iota) ending with a
// count, and its table as a Table indexed by those keys:
//
//	type msg int
//	const (mHello msg = iota; mCount)
//	var texts = text.Table[msg]{mHello: {"hello %s", "\u4f60\u597d %s"}}
//
// and one test calls text.Check(texts, mCount) and fails on every problem.
package text

import (
	"fmt"
	"strings"
)

// Lang is the language of user-visible text.
type Lang uint8

// The languages, in the order of a Pair.
const (
	EN Lang = iota
	ZH
)

// LangOf maps a language setting ("zh", "zh_CN.UTF-8", "ZH", "en", "") to
// a Lang: anything starting with "zh" (any case) is Chinese, everything
// else English.
func LangOf(s string) Lang {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(s)), "zh") {
		return ZH
	}
	return EN
}

// Pair is one text in English and Chinese, indexed by Lang. Both take the
// same arguments; Chinese may reorder them with explicit indexes (%[2]d).
type Pair [2]string

// In returns the text in language l.
func (p Pair) In(l Lang) string { return p[l] }

// Format formats the text in language l with args (no args: the text as
// it is, so a literal % needs no escaping in an argument-free text).
func (p Pair) Format(l Lang, args ...any) string {
	if len(args) == 0 {
		return p[l]
	}
	return fmt.Sprintf(p[l], args...)
}

// Table holds the texts of the keys 0..count-1 of one key type.
type Table[K ~int] []Pair

// Text returns the text of key k in language l.
func (t Table[K]) Text(l Lang, k K) string { return t[k][l] }

// Format returns the text of key k in language l formatted with args.
func (t Table[K]) Format(l Lang, k K, args ...any) string { return t[k].Format(l, args...) }
