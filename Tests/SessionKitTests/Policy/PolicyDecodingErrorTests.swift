import XCTest

@testable import SessionKit

/// An invalid policy file is rejected whole, with the JSON path of the offending value and the problem.
final class PolicyDecodingErrorTests: XCTestCase {
  // MARK: Document

  func test_unknownTopLevelKey_isRejected_atThatKey() {
    assertPolicyRejected(#"{"version": 1, "rulez": []}"#, at: "rulez", saying: "unknown key")
  }

  func test_aDocumentThatIsNotAnObject_isRejected_atTheRoot() {
    assertPolicyRejected(#"[{"version": 1}]"#, at: "", saying: "expected an object, found array")
  }

  func test_missingVersion_isRejected_atTheRoot() {
    assertPolicyRejected(#"{"rules": []}"#, at: "", saying: #""version": 1"#)
  }

  func test_version2_isRejected_asUnsupported() {
    assertPolicyRejected(#"{"version": 2}"#, at: "version", saying: "2 is not a supported version")
  }

  func test_versionWrittenAsAString_isRejected() {
    assertPolicyRejected(#"{"version": "1"}"#, at: "version", saying: #""1" is not a supported version"#)
  }

  func test_rulesThatAreNotAnArray_areRejected() {
    assertPolicyRejected(#"{"version": 1, "rules": {}}"#, at: "rules", saying: "expected an array, found object")
  }

  // MARK: Rules

  func test_aRuleThatIsNotAnObject_isRejected_atItsIndex() {
    assertPolicyRejected(policyJSON(rules: [#""allow""#]), at: "rules[0]", saying: "expected an object, found string")
  }

  func test_unknownKeyInARule_isRejected_atThatKey() {
    let rule = #"{"name": "r", "when": {}, "action": "allow"}"#
    assertPolicyRejected(policyJSON(rules: [rule]), at: "rules[0].when", saying: "unknown key")
  }

  func test_aRuleWithoutName_isRejected_atTheRule() {
    assertPolicyRejected(policyJSON(rules: [#"{"action": "allow"}"#]), at: "rules[0]", saying: #"needs a "name""#)
  }

  func test_anEmptyRuleName_isRejected() {
    assertPolicyRejected(policyJSON(rules: [ruleJSON("")]), at: "rules[0].name", saying: "cannot be empty")
  }

  func test_aRuleNameThatIsNotAString_isRejected() {
    let rule = #"{"name": 7, "action": "allow"}"#
    assertPolicyRejected(policyJSON(rules: [rule]), at: "rules[0].name", saying: "expected a string, found number")
  }

  func test_duplicateRuleNames_areRejected_atTheSecondName() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("a"), ruleJSON("a")]), at: "rules[1].name", saying: #"duplicate rule name "a""#)
  }

  func test_aRuleNameWithASlash_isRejected_becauseSlashIsReservedForPresets() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("ad-clicks/app-store")]), at: "rules[0].name",
      saying: #""ad-clicks/app-store" is not a rule name"#)
  }

  func test_theRuleNameDefault_isRejected_becauseTracesUseItForTheDefault() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("default")]), at: "rules[0].name", saying: #""default" is reserved"#)
  }

  func test_aRuleWithoutAction_isRejected_atTheRule() {
    let rule = #"{"name": "r", "match": {}}"#
    assertPolicyRejected(policyJSON(rules: [rule]), at: "rules[0]", saying: #"needs an "action""#)
  }

  func test_aMatchThatIsNotAnObject_isRejected() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", match: "[]")]), at: "rules[0].match", saying: "expected an object, found array")
  }

  // MARK: Actions

  func test_anUnknownActionString_isRejected() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", action: #""block""#)]), at: "rules[0].action",
      saying: #""block" is not an action"#)
  }

  func test_anActionObjectWithTwoKeys_isRejected() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", action: #"{"external": "safari", "popup": "modal"}"#)]), at: "rules[0].action",
      saying: "exactly one key")
  }

  func test_anEmptyActionObject_isRejected() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", action: "{}")]), at: "rules[0].action", saying: "exactly one key")
  }

  func test_anActionObjectWithAnUnknownKey_isRejected_atThatKey() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", action: #"{"open": "safari"}"#)]), at: "rules[0].action.open",
      saying: "unknown key")
  }

  func test_externalChrome_isRejected_becauseOnlySafariAndSystemExist() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", action: #"{"external": "chrome"}"#)]), at: "rules[0].action.external",
      saying: #""chrome" is not one of "safari", "system""#)
  }

  func test_popupSheet_isRejected_becauseOnlyOverlayAndModalExist() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", action: #"{"popup": "sheet"}"#)]), at: "rules[0].action.popup",
      saying: #""sheet" is not one of "overlay", "modal""#)
  }

  func test_askWithAnEmptyDeciderName_isRejected() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", action: #"{"ask": ""}"#)]), at: "rules[0].action.ask",
      saying: "decider name cannot be empty")
  }

  func test_anActionThatIsNeitherStringNorObject_isRejected() {
    assertPolicyRejected(
      policyJSON(rules: [ruleJSON("r", action: "true")]), at: "rules[0].action", saying: "found boolean")
  }

  // MARK: Hosts

  func test_hostPatternStarDotStar_isRejected_asNotAHostPattern() {
    assertMatchRejected(#"{"hosts": ["*.*"]}"#, at: "rules[0].match.hosts[0]", saying: #""*.*" is not a host pattern"#)
  }

  func test_aHostErrorNamesTheRuleAndEntryIndex() {
    let rules = [
      ruleJSON("a"), ruleJSON("b"), ruleJSON("c"), ruleJSON("d", match: #"{"hosts": ["ok.example", "*.*"]}"#),
    ]
    assertPolicyRejected(
      policyJSON(rules: rules), at: "rules[3].match.hosts[1]", saying: #""*.*" is not a host pattern"#)
  }

  func test_aURLInHosts_isRejected() {
    assertMatchRejected(
      #"{"hosts": ["https://example.com"]}"#, at: "rules[0].match.hosts[0]",
      saying: #""https://example.com" is not a host pattern"#)
  }

  func test_aHostWithAPort_isRejected() {
    assertMatchRejected(
      #"{"hosts": ["example.com:443"]}"#, at: "rules[0].match.hosts[0]",
      saying: #""example.com:443" is not a host pattern"#)
  }

  func test_aLoneStarHost_isRejected() {
    assertMatchRejected(#"{"hosts": ["*"]}"#, at: "rules[0].match.hosts[0]", saying: #""*" is not a host pattern"#)
  }

  func test_aStarInsideAHost_isRejected() {
    assertMatchRejected(
      #"{"hosts": ["pay.*.com"]}"#, at: "rules[0].match.hosts[0]", saying: #""pay.*.com" is not a host pattern"#)
  }

  func test_aHostWithUserinfoOrAnEmptyLabel_isRejected() {
    assertMatchRejected(
      #"{"hosts": ["example.com@evil.net"]}"#, at: "rules[0].match.hosts[0]", saying: "is not a host pattern")
    assertMatchRejected(
      #"{"hosts": ["ok.example", "example..com"]}"#, at: "rules[0].match.hosts[1]", saying: "is not a host pattern")
    assertMatchRejected(#"{"hosts": ["*."]}"#, at: "rules[0].match.hosts[0]", saying: "is not a host pattern")
    assertMatchRejected(#"{"hosts": [""]}"#, at: "rules[0].match.hosts[0]", saying: "is not a host pattern")
  }

  func test_aWildcardBeforeAnIPAddress_isRejected() {
    assertMatchRejected(
      #"{"hosts": ["*.192.168.0.1"]}"#, at: "rules[0].match.hosts[0]", saying: #""*.192.168.0.1" is not a host pattern"#
    )
  }

  func test_anEmptyHostsList_isRejected() {
    assertMatchRejected(#"{"hosts": []}"#, at: "rules[0].match.hosts", saying: "expected a non-empty array")
  }

  func test_hostsWrittenAsAString_isRejected() {
    assertMatchRejected(
      #"{"hosts": "example.com"}"#, at: "rules[0].match.hosts", saying: "expected an array, found string")
  }

  func test_aHostThatIsNotAString_isRejected_atItsIndex() {
    assertMatchRejected(
      #"{"hosts": ["example.com", null]}"#, at: "rules[0].match.hosts[1]", saying: "expected a string, found null")
  }

  // MARK: Sites

  func test_aPublicSuffixAsSite_isRejected() {
    assertMatchRejected(
      #"{"sites": ["co.uk"]}"#, at: "rules[0].match.sites[0]", saying: #""co.uk" is not a registrable domain"#)
    assertMatchRejected(#"{"sites": ["co.uk"]}"#, at: "rules[0].match.sites[0]", saying: "public suffix")
  }

  func test_aPrivatePublicSuffixAsSite_isRejected() {
    assertMatchRejected(#"{"sites": ["github.io"]}"#, at: "rules[0].match.sites[0]", saying: "public suffix")
  }

  func test_aSubdomainAsSite_isRejected_becauseItIsNotRegistrable() {
    assertMatchRejected(
      #"{"sites": ["www.example.com"]}"#, at: "rules[0].match.sites[0]",
      saying: #""www.example.com" is not a registrable domain"#)
  }

  func test_aURLAsSite_isRejected() {
    assertMatchRejected(
      #"{"sites": ["https://example.com"]}"#, at: "rules[0].match.sites[0]",
      saying: #""https://example.com" is not a registrable domain"#)
  }

  func test_aWildcardAsSite_isRejected() {
    assertMatchRejected(
      #"{"sites": ["example.com", "*.example.com"]}"#, at: "rules[0].match.sites[1]",
      saying: "is not a registrable domain")
  }

  // MARK: Other match fields

  func test_aPathWithoutLeadingSlash_isRejected() {
    assertMatchRejected(
      #"{"paths": ["no-slash"]}"#, at: "rules[0].match.paths[0]", saying: #""no-slash" is not a path"#)
  }

  func test_aStarInsideAPath_isRejected() {
    assertMatchRejected(#"{"paths": ["/a*b"]}"#, at: "rules[0].match.paths[0]", saying: #""*" may only end a prefix"#)
  }

  func test_anUpperCaseScheme_isRejected_sayingWhatToWrite() {
    assertMatchRejected(
      #"{"schemes": ["https", "HTTP"]}"#, at: "rules[0].match.schemes[1]",
      saying: #""HTTP" has upper-case letters: schemes are matched in lower case; write "http""#)
  }

  func test_aSchemeWithItsColon_isRejected_sayingToDropTheColon() {
    assertMatchRejected(
      #"{"schemes": ["https:"]}"#, at: "rules[0].match.schemes[0]", saying: #""https:" ends with ":"; write "https""#)
    assertMatchRejected(
      #"{"schemes": ["tel:"]}"#, at: "rules[0].match.schemes[0]", saying: #""tel:" ends with ":"; write "tel""#)
  }

  func test_aSchemeWithItsSlashes_isRejected_sayingToDropThem() {
    assertMatchRejected(
      #"{"schemes": ["HTTPS://"]}"#, at: "rules[0].match.schemes[0]",
      saying: #""HTTPS://" ends with "://"; write "https""#)
  }

  func test_aSchemeWithAStrayCharacter_isRejected_namingIt() {
    assertMatchRejected(
      #"{"schemes": ["web view"]}"#, at: "rules[0].match.schemes[0]",
      saying: #""web view" contains " ", which a scheme cannot hold"#)
    assertMatchRejected(
      #"{"schemes": ["1http"]}"#, at: "rules[0].match.schemes[0]", saying: "does not start with a letter")
    assertMatchRejected(#"{"schemes": [""]}"#, at: "rules[0].match.schemes[0]", saying: "cannot be empty")
  }

  func test_anUnknownNavigationType_isRejected() {
    assertMatchRejected(
      #"{"navigationTypes": ["click"]}"#, at: "rules[0].match.navigationTypes[0]",
      saying: #""click" is not a navigation type"#)
  }

  func test_aNavigationTypeWrittenAsItsRawValue_isRejected() {
    assertMatchRejected(
      #"{"navigationTypes": [0]}"#, at: "rules[0].match.navigationTypes[0]", saying: "expected a string, found number")
  }

  func test_anUnknownTarget_isRejected() {
    assertMatchRejected(
      #"{"target": "popup"}"#, at: "rules[0].match.target",
      saying: #""popup" is not one of "newWindow", "mainFrame", "subframe""#)
  }

  func test_crossSiteWrittenAsAString_isRejected() {
    assertMatchRejected(
      #"{"crossSite": "yes"}"#, at: "rules[0].match.crossSite", saying: "expected true or false, found string")
  }

  func test_crossOriginWrittenAsNull_isRejected() {
    assertMatchRejected(
      #"{"crossOrigin": null}"#, at: "rules[0].match.crossOrigin", saying: "expected true or false, found null")
  }

  func test_userGestureWrittenAsANumber_isRejected() {
    assertMatchRejected(
      #"{"userGesture": 1}"#, at: "rules[0].match.userGesture", saying: "expected true or false, found number")
  }

  func test_anUnknownKeyInMatch_isRejected_atThatKey() {
    assertMatchRejected(#"{"host": ["example.com"]}"#, at: "rules[0].match.host", saying: "unknown key")
  }

  // MARK: Near misses

  func test_anUnknownKeyOneEditAway_suggestsTheValidKey_keepingItsPath() {
    assertMatchRejected(
      #"{"host": ["example.com"]}"#, at: "rules[0].match.host", saying: #"unknown key; did you mean "hosts"?"#)
    assertPolicyRejected(#"{"version": 1, "rulez": []}"#, at: "rulez", saying: #"did you mean "rules"?"#)
  }

  func test_anUnknownKeyTwoEditsAway_suggestsTheValidKey() {
    assertPolicyRejected(
      policyJSON(extra: #""deciders": {"timeout": 100}"#), at: "deciders.timeout", saying: #"did you mean "timeoutMs"?"#
    )
    assertMatchRejected(
      #"{"navigationType": ["other"]}"#, at: "rules[0].match.navigationType",
      saying: #"did you mean "navigationTypes"?"#)
    assertPolicyRejected(
      policyJSON(extra: #""popups": {"maxDept": 2}"#), at: "popups.maxDept", saying: #"did you mean "maxDepth"?"#)
  }

  func test_anUnknownKeyInTheWrongCase_suggestsTheValidKey() {
    assertMatchRejected(
      #"{"PopupFirstLoad": true}"#, at: "rules[0].match.PopupFirstLoad", saying: #"did you mean "popupFirstLoad"?"#)
  }

  func test_anUnknownKeyFarFromEveryValidKey_suggestsNothing_butListsThem() {
    assertPolicyRejected(
      policyJSON(extra: #""deciders": {"wait": 100}"#), at: "deciders.wait", saying: "unknown key (expected one of:")
    assertMatchRejected(
      #"{"when": true}"#, at: "rules[0].match.when", saying: "unknown key (expected one of: crossOrigin")
  }

  // MARK: Include, default, popups, deciders

  func test_anUnknownPreset_isRejected_atItsIndexInInclude() {
    assertPolicyRejected(
      policyJSON(extra: #""include": ["google-pay", "paypal"]"#), at: "include[1]",
      saying: #""paypal" is not a preset"#)
  }

  func test_aPresetIncludedTwice_isRejected_atTheSecondMention() {
    assertPolicyRejected(
      policyJSON(extra: #""include": ["ad-clicks", "google-pay", "ad-clicks"]"#), at: "include[2]",
      saying: #"preset "ad-clicks" is included twice"#)
  }

  func test_includeWrittenAsAString_isRejected() {
    assertPolicyRejected(
      policyJSON(extra: #""include": "ad-clicks""#), at: "include", saying: "expected an array, found string")
  }

  func test_anUnknownDefault_isRejected() {
    assertPolicyRejected(policyJSON(extra: #""default": "maybe""#), at: "default", saying: #""maybe" is not an action"#)
  }

  func test_aNegativeMaxDepth_isRejected_asOutOfRange() {
    assertPolicyRejected(
      policyJSON(extra: #""popups": {"maxDepth": -1}"#), at: "popups.maxDepth", saying: "-1 is out of range")
  }

  func test_aFractionalMaxOpen_isRejected() {
    assertPolicyRejected(
      policyJSON(extra: #""popups": {"maxOpen": 1.5}"#), at: "popups.maxOpen", saying: "1.5 is not a whole number")
  }

  func test_aMaxOpenWrittenAsAString_isRejected() {
    assertPolicyRejected(
      policyJSON(extra: #""popups": {"maxOpen": "8"}"#), at: "popups.maxOpen", saying: "expected a number, found string"
    )
  }

  func test_anUnknownPopupPresentation_isRejected() {
    assertPolicyRejected(
      policyJSON(extra: #""popups": {"presentation": "sheet"}"#), at: "popups.presentation",
      saying: #""sheet" is not one of "overlay", "modal""#)
  }

  func test_requireUserGestureWrittenAsAString_isRejected() {
    assertPolicyRejected(
      policyJSON(extra: #""popups": {"requireUserGesture": "yes"}"#), at: "popups.requireUserGesture",
      saying: "expected true or false")
  }

  func test_anUnknownKeyInPopups_isRejected_atThatKey() {
    assertPolicyRejected(
      policyJSON(extra: #""popups": {"maxDepth": 2, "maxPopups": 4}"#), at: "popups.maxPopups", saying: "unknown key")
  }

  func test_aNegativeDeciderTimeout_isRejected_asOutOfRange() {
    assertPolicyRejected(
      policyJSON(extra: #""deciders": {"timeoutMs": -5}"#), at: "deciders.timeoutMs", saying: "-5 is out of range")
  }

  func test_aDeciderFallbackThatAsks_isRejected() {
    assertPolicyRejected(
      policyJSON(extra: #""deciders": {"onTimeout": {"ask": "x"}}"#), at: "deciders.onTimeout",
      saying: "cannot ask another decider")
  }

  func test_anUnknownDeciderFallback_isRejected_atTheFallback() {
    assertPolicyRejected(
      policyJSON(extra: #""deciders": {"onTimeout": "retry"}"#), at: "deciders.onTimeout",
      saying: #""retry" is not an action"#)
  }

  func test_anUnknownKeyInDeciders_isRejected_atThatKey() {
    assertPolicyRejected(
      policyJSON(extra: #""deciders": {"timeout": 100}"#), at: "deciders.timeout", saying: "unknown key")
  }

  // MARK: JSON syntax

  func test_invalidJSONSyntax_isRejected_withItsLineAndColumn() {
    let json = """
      {
        "version": 1,
        "rules": [,]
      }
      """
    assertPolicyRejected(json, at: "", saying: "invalid JSON at line 3, column 13")
  }

  func test_theColumnOfASyntaxError_countsCharacters_notBytes() {
    assertPolicyRejected(#"{"é": tru}"#, at: "", saying: "line 1, column 7: invalid literal")
  }

  func test_trailingGarbageAfterTheDocument_isRejected() {
    assertPolicyRejected(
      #"{"version": 1} x"#, at: "", saying: "line 1, column 16: unexpected text after the JSON value")
  }

  func test_aDuplicateJSONKey_isRejected_ratherThanOneValueWinning() {
    assertPolicyRejected(#"{"version": 1, "version": 1}"#, at: "", saying: #"duplicate key "version""#)
  }

  func test_aDuplicateJSONKeyInsideARule_isRejected() {
    let json = policyJSON(rules: [#"{"name": "a", "action": "allow", "action": "cancel"}"#])
    assertPolicyRejected(json, at: "", saying: #"duplicate key "action""#)
  }

  func test_anEmptyDocument_isRejected() {
    assertPolicyRejected("", at: "", saying: "unexpected end of input")
  }
}
