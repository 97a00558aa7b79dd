/**
 * The icon set: which SVG each icon name stands for. Only scripts/lib/icon-sprite.ts reads
 * this, to render the sprite (src/ui/icons.svg) the site references; the browser never
 * loads the icon components themselves.
 */
import {
  Apple, Award, Check, ChevronDown, Menu, X as XClose, BarChart3, Brain, Calendar, Clock, Cloud, Code2, Cpu, Crosshair, DollarSign, FileText, Gamepad2,
  HeartHandshake, Layers, Lightbulb, Link, type LucideIcon, Mail, MapPin, Megaphone, Palette, Phone, Rocket, Search,
  Settings, ShieldCheck, ShoppingCart, Smartphone, Star, Target, TrendingUp, Users, Zap,
} from "lucide-react";
import { type SimpleIcon, siFacebook, siGithub, siInstagram, siX, siYoutube } from "simple-icons";
import type { IconName } from "../../schemas/icons.ts";

const brand = (icon: SimpleIcon) =>
  function BrandIcon() {
    return (
      <svg viewBox="0 0 24 24" fill="currentColor" data-brand="">
        <path d={icon.path} />
      </svg>
    );
  };

// Every name content may use must have a component: a missing one is a type error.
export const iconSet: Record<IconName, LucideIcon | (() => React.ReactElement)> = {
  code: Code2, smartphone: Smartphone, cpu: Cpu, brain: Brain, "shopping-cart": ShoppingCart, megaphone: Megaphone,
  gamepad: Gamepad2, cloud: Cloud, palette: Palette, "shield-check": ShieldCheck, lightbulb: Lightbulb,
  "dollar-sign": DollarSign, apple: Apple, target: Target, search: Search, "target-arrow": Crosshair,
  "heart-handshake": HeartHandshake, rocket: Rocket, award: Award, users: Users, clock: Clock, mail: Mail,
  phone: Phone, "map-pin": MapPin, calendar: Calendar, "trending-up": TrendingUp, settings: Settings,
  "file-text": FileText, link: Link, "bar-chart": BarChart3, star: Star, zap: Zap, layers: Layers,
  facebook: brand(siFacebook), instagram: brand(siInstagram), x: brand(siX), github: brand(siGithub),
  youtube: brand(siYoutube),
  "chevron-down": ChevronDown, menu: Menu, "x-close": XClose, check: Check,
};

